// The solve command's summary counts the unrouted jobs of a problem file by the codes of their reasons.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { runSolveCommand } from '../../src/cli/solve-command.js';
import { lineProblem } from '../helpers/line-problem.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

t.test('solve counts unrouted jobs by reason code', async (t) => {
  const file = join(temporaryDirectory('fleetroute-solve-'), 'problem.json');
  writeFileSync(file, JSON.stringify(lineProblem(6, {
    jobs: [
      { id: 'heavy', location: 'P1', load: 9 },
      { id: 'cold', location: 'P2', required_route_attributes: ['cold'] },
      { id: 'both', location: 'P3', load: 9, required_route_attributes: ['cold'] },
      { id: 'fits', location: 'P4', load: 1 },
    ],
    routes: [{ id: 'r1', location: 'P0', load_capacity: 5 }],
    settings: { time_limit_seconds: 0.3 },
  })));
  let printed = '';
  t.equal(await runSolveCommand([file], { write: (text: string) => (printed += text) }), 0);
  const summary = JSON.parse(printed);
  t.equal(summary.unrouted, 3);
  t.same(summary.unrouted_by_reason, { capacity_exceeded: 2, route_attributes_missing: 2 });
});
