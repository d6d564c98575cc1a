// Both profiles of a map import the same ways, the union of what either may use, with the ways a profile may not
// use closed in its metrics: the truck profile serves the auto profile's topology even where trucks are barred
// from some ways, and still never drives or stops on them (docs/scale.md).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import type { OperationContext } from '../../src/operations/operation.js';
import { setWorkerResource } from '../../src/pool/worker-resources.js';
import { attachServedMaps, ROUTING_RESOURCE } from '../../src/routing/load/attach-routing-map.js';
import { loadRoutingMap } from '../../src/routing/load/load-routing-map.js';
import { operation as path } from '../../src/routing/service/path-operation.js';
import { haversineMeters } from '../../src/map/geo.js';
import { AsciiMap } from '../helpers/ascii-map.js';
import { at } from '../helpers/routing-map.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };

// ab is open to cars only, cd to trucks only (hgv=yes on a road closed to other motor vehicles); the rest to both.
const drawing = `
a---m---b
|       |
c---n---d
`;
const scenario = new AsciiMap(drawing)
  .way('amb', { highway: 'residential', name: 'Cars Only', access: 'no', motorcar: 'yes' })
  .way('cnd', { highway: 'residential', name: 'Trucks Only', motor_vehicle: 'no', hgv: 'yes' })
  .way('ac', { highway: 'residential', name: 'West' }).way('bd', { highway: 'residential', name: 'East' });

async function servedScenario() {
  const dir = temporaryDirectory('one-way-set-');
  const file = join(dir, 'scenario.osm');
  writeFileSync(file, scenario.toXml());
  const loaded = await loadRoutingMap({ mapFile: file, dataDir: dir });
  setWorkerResource(ROUTING_RESOURCE, attachServedMaps([structuredClone(loaded.descriptor)]));
  return loaded;
}

/** A vehicle's route between two drawn nodes: its length, and how far its first stop was snapped from `snappedNear`. */
async function route(vehicleType: 'auto' | 'truck', from: string, to: string, snappedNear: string) {
  const stops = [{ location: at(scenario, from) }, { location: at(scenario, to) }];
  const answer = await path.run(path.validate({ routes: [{ vehicle: { vehicle_type: vehicleType }, stops }] }), context);
  const found = answer.routes[0]!;
  const [lat, lon] = found.stops![0]!.snapped_location.split(',').map(Number) as [number, number];
  const [nearLat, nearLon] = scenario.location(snappedNear);
  return { meters: found.distance_meters!, snappedOff: haversineMeters(lat, lon, nearLat, nearLon) };
}

t.test('the truck profile serves the auto profile\'s topology although trucks are barred from a way', async (t) => {
  const { descriptor, summary } = await servedScenario();
  const [auto, truck] = descriptor.maps;
  for (const field of ['tail', 'head', 'arcEdge', 'arcOrigin', 'edgeForwardArc', 'edgeBackwardArc', 'nodeLat', 'geomLat', 'edgeWayId', 'edgeNameId'] as const) {
    t.equal(truck!.graph[field], auto!.graph[field], field);
  }
  t.equal(truck!.graph.names, auto!.graph.names);
  for (const field of ['tail', 'head', 'firstTurn', 'distance'] as const) t.equal(truck!.turns[field], auto!.turns[field], `turns.${field}`);
  t.equal(truck!.snap, auto!.snap);
  t.ok(summary.servedBytes.truck!.topology < summary.servedBytes.auto!.topology / 2, 'the truck counts only its own topology arrays');
});

t.test('yet a truck neither drives nor stops on the way it is barred from, nor a car on the truck road', async (t) => {
  await servedScenario();
  const car = await route('auto', 'm', 'b', 'm');
  t.ok(Math.abs(car.meters - 400) < 2, `a car drives m–b directly: ${car.meters} m`);
  t.ok(car.snappedOff < 1, 'and starts at m');
  const truck = await route('truck', 'm', 'b', 'n');
  t.ok(truck.snappedOff < 1, `a truck stop at m is snapped to n, on the nearest road it may use (${truck.snappedOff} m off)`);
  t.ok(Math.abs(truck.meters - 600) < 3, `and goes on by d: ${truck.meters} m`);
  const carFromN = await route('auto', 'n', 'c', 'm');
  t.ok(carFromN.snappedOff < 1, 'a car stop at n is snapped to m, off the truck road');
  t.ok(Math.abs(carFromN.meters - 600) < 3, `and goes round by a: ${carFromN.meters} m`);
});

t.test('a car does not turn back at b, a dead end for trucks only, but at d, a dead end for cars', async (t) => {
  await servedScenario();
  const stops = ['a', 'm', 'a'].map((name) => ({ location: at(scenario, name) }));
  const answer = await path.run(path.validate({ routes: [{ routing_options: { continue_straight: true }, stops }] }), context);
  const meters = answer.routes[0]!.stops![2]!.distance_to_meters;
  t.ok(Math.abs(meters - 1600) < 8, `m, b, d, b, m, a: ${meters} m, drawn 1600 m`);
});
