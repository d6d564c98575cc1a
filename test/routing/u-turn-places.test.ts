// Where a vehicle that must turn back does so, through /v1/path with continue_straight: at the nearest place
// the map allows it (here an only_u_turn at the junction n), not at the stop and not mid-way.
import t from 'tap';
import type { OperationContext } from '../../src/operations/operation.js';
import { operation as path } from '../../src/routing/service/path-operation.js';
import { AsciiMap } from '../helpers/ascii-map.js';
import { at, useAsciiRoutingMap } from '../helpers/routing-map.js';

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };

// a–q–m–n is one street; n is a junction with c (east) and d (south), both dead ends.
const street = `
a---q---m---n---c
            |
            |
            d
`;

function streetMap(withOnlyUTurn: boolean): AsciiMap {
  const map = new AsciiMap(street)
    .way('aqmn', { highway: 'residential' }).way('nc', { highway: 'residential' }).way('nd', { highway: 'residential' });
  return withOnlyUTurn ? map.restriction('only_u_turn', 'aqmn', 'n', 'aqmn') : map;
}

/** From a, through m (driving east, so it leaves m eastwards) back to q: the length of the second leg. */
async function backLegMeters(scenario: AsciiMap): Promise<number> {
  await useAsciiRoutingMap(scenario);
  const stops = ['a', 'm', 'q'].map((name) => ({ location: at(scenario, name) }));
  const answer = await path.run(path.validate({ routes: [{ routing_options: { continue_straight: true }, stops }] }), context);
  return answer.routes[0]!.stops![2]!.distance_to_meters;
}

t.test('an only_u_turn junction is where the vehicle turns back: m, n and back to q', async (t) => {
  const meters = await backLegMeters(streetMap(true));
  t.ok(Math.abs(meters - 1200) < 6, `${meters} m, drawn 1200 m`);
});

t.test('without it, an ordinary junction is no place to turn back: on to the nearest dead end, d, and back', async (t) => {
  const meters = await backLegMeters(streetMap(false));
  t.ok(Math.abs(meters - 1800) < 9, `${meters} m, drawn 1800 m`);
});
