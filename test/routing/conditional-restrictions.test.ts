// restriction:conditional through /v1/path and /v1/matrix: each leg and each matrix takes the turn
// restrictions in force at the hour it departs in, with or without predicted traffic.
import t from 'tap';
import type { OperationContext } from '../../src/operations/operation.js';
import { operation as path } from '../../src/routing/service/path-operation.js';
import { AsciiMap } from '../helpers/ascii-map.js';
import { matrixAnswer } from '../helpers/matrix-answer.js';
import { at, useAsciiRoutingMap } from '../helpers/routing-map.js';

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };
const residential = { highway: 'residential' };

// From s the left turn at x into w is the short way (600 m); without it, back from the dead end n (1000 m).
const cross = new AsciiMap(`
    n

w---x---e

    s
`)
  .way('sx', residential).way('xn', residential).way('wx', residential).way('xe', residential)
  .restriction({ 'restriction:conditional': 'no_left_turn @ (Mo-Fr 07:00-09:00)' }, 'sx', 'x', 'wx');

const MONDAY_0800 = '2026-11-23T08:00:00Z', MONDAY_1200 = '2026-11-23T12:00:00Z';

async function pathMeters(when: string, routeWithTraffic: boolean): Promise<number> {
  const stops = [{ location: at(cross, 's') }, { location: at(cross, 'w') }];
  const routing_options = { routing_date_time: when, route_with_traffic: routeWithTraffic };
  const answer = await path.run(path.validate({ routes: [{ routing_options, stops }] }), context);
  return answer.routes[0]!.distance_meters!;
}

async function matrixMeters(when: string): Promise<number> {
  const cells = await matrixAnswer({ sources: [at(cross, 's')], destinations: [at(cross, 'w')], routing_options: { routing_date_time: when } });
  return cells.distances[0]![0]!;
}

t.before(async () => {
  await useAsciiRoutingMap(cross);
});

t.test('the turn is refused at 08:00 on a Monday and allowed at 12:00, in paths and matrices', async (t) => {
  for (const traffic of [false, true]) {
    t.ok(Math.abs((await pathMeters(MONDAY_0800, traffic)) - 1000) < 5, `path at 08:00 turns back at n (traffic ${traffic})`);
    t.ok(Math.abs((await pathMeters(MONDAY_1200, traffic)) - 600) < 3, `path at 12:00 turns left (traffic ${traffic})`);
  }
  t.ok(Math.abs((await matrixMeters(MONDAY_0800)) - 1000) < 5, 'matrix at 08:00');
  t.ok(Math.abs((await matrixMeters(MONDAY_1200)) - 600) < 3, 'matrix at 12:00');
});
