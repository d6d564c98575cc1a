/** ISO timestamps that strictly increase within a process, so `after=` comparisons never miss a change. */
let last = 0;

export function nextTimestamp(): string {
  last = Math.max(Date.now(), last + 1);
  return new Date(last).toISOString();
}
