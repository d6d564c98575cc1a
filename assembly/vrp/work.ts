// The search's work, counted rather than timed, so that cooperating searches meet at exchange points after the
// same work whatever the machine's load (src/solver/search/plan-search.ts). What is counted is what the
// search's time goes to: travel times looked up in the matrices and segment summaries joined. On r1_10_1 (two
// diagnostic runs) both came to 25,000 to 66,000 per millisecond in every part of a search (an ejection-pool
// phase's steps, route eliminations above the least fleet, the distance search), where iterations ran from 0.6
// to 12 per millisecond and a phase step took the time of 30 to 50 distance-search iterations.

/** Work done since the module was instantiated. */
export let workDone: i64 = 0;

@inline export function countWork(): void {
  workDone++;
}
