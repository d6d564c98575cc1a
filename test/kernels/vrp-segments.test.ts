import t from 'tap';
import { BoundProblem } from '../../src/kernels/vrp-bound-problem.js';
import { flattenProblem } from '../../src/problem/flatten/flatten-problem.js';
import { parseProblem } from '../../src/problem/parse-problem.js';
import { travelMatricesOf } from '../../src/solver/plan-timing.js';
import { randomInt, seededRandom } from '../helpers/random-graph.js';
import { randomPlanBody } from '../helpers/random-plan.js';

async function bind(seed: number): Promise<BoundProblem> {
  const problem = parseProblem(randomPlanBody(seed));
  const { matrices, classOfRoute } = await travelMatricesOf(problem);
  return new BoundProblem(flattenProblem(problem, classOfRoute), matrices);
}

/** The summary of pieces [from, to) of a route, joined in a random order of concatenations. */
function joinRandomly(bound: BoundProblem, route: number, pieces: number[], from: number, to: number, random: () => number): number {
  if (to - from === 1) return pieces[from]!;
  const split = from + 1 + randomInt(random, to - from - 1);
  const left = joinRandomly(bound, route, pieces, from, split, random);
  const right = joinRandomly(bound, route, pieces, split, to, random);
  const out = bound.allocateF64(bound.kernel.layout.SEG_SIZE);
  bound.kernel.exports.concatSegments(route, left, right, out);
  return out;
}

function summaryBySegments(bound: BoundProblem, route: number, random: () => number): Float64Array {
  const { exports, layout } = bound.kernel;
  const segment = () => bound.allocateF64(layout.SEG_SIZE);
  const pieces: number[] = [];
  const start = segment();
  exports.routeStartSegment(route, start);
  pieces.push(start);
  const first = bound.flat.routeVisitStart[route]!;
  for (let visit = first; visit < first + bound.flat.routeVisitCount[route]!; visit++) {
    const piece = segment();
    exports.visitSegment(route, visit, piece);
    pieces.push(piece);
  }
  const end = segment();
  exports.routeEndSegment(route, end);
  pieces.push(end);
  const whole = joinRandomly(bound, route, pieces, 0, pieces.length, random);
  const summary = bound.allocateF64(layout.ROUTE_SUMMARY_SIZE);
  exports.routeFromSegment(route, whole, summary);
  return bound.f64View(summary, layout.ROUTE_SUMMARY_SIZE).slice();
}

const close = (a: number, b: number) => a === b || Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b));

t.test('segment summaries joined in any order give the times, loads, costs and violations of timing from scratch', async (t) => {
  let compared = 0;
  let late = 0;
  for (let seed = 1; seed <= 60; seed++) {
    const bound = await bind(seed);
    const { layout } = bound.kernel;
    const random = seededRandom(seed * 7919);
    for (let route = 0; route < bound.flat.routeCount; route++) {
      const scanned = bound.timeRoute(route).summary;
      const joined = summaryBySegments(bound, route, random);
      const fields: [string, number][] = [
        ['jobs', layout.R_JOB_COUNT], ['distance', layout.R_DISTANCE], ['driving', layout.R_DRIVING],
        ['working', layout.R_WORKING], ['idle', layout.R_IDLE], ['start', layout.R_START], ['end', layout.R_END],
        ['cost', layout.R_COST], ['route violations', layout.R_VIOLATIONS],
        ['peak load 0', layout.R_PEAK_LOAD], ['peak load 1', layout.R_PEAK_LOAD + 1],
      ];
      const scannedLate = scanned[layout.R_LATENESS]! > 0;
      const joinedLate = Number.isNaN(joined[layout.R_LATENESS]);
      const mismatches = fields.filter(([, field]) => !close(scanned[field]!, joined[field]!)).map(([name, field]) => `${name}: ${scanned[field]} vs ${joined[field]}`);
      if (scannedLate !== joinedLate) mismatches.push(`late: ${scannedLate} vs ${joinedLate}`);
      if (!scannedLate) {
        if (!close(scanned[layout.R_INTERNAL_COST]!, joined[layout.R_INTERNAL_COST]!)) mismatches.push(`internal cost: ${scanned[layout.R_INTERNAL_COST]} vs ${joined[layout.R_INTERNAL_COST]}`);
        if (scanned[layout.R_VIOLATION_COUNT] !== joined[layout.R_VIOLATION_COUNT]) mismatches.push(`violations: ${scanned[layout.R_VIOLATION_COUNT]} vs ${joined[layout.R_VIOLATION_COUNT]}`);
      } else {
        late++;
      }
      if (mismatches.length > 0) t.fail(`seed ${seed} route ${route}: ${mismatches.join('; ')}`);
      compared++;
    }
  }
  t.equal(compared, 360);
  t.comment(`${compared} routes compared, ${late} of them late`);
  t.ok(late > 10 && late < compared - 10, `late and on-time routes both occur (${late} late)`);
});
