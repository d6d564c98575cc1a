import { readFileSync } from 'node:fs';
import t from 'tap';
import { referenceRoute } from '../helpers/reference-dijkstra.js';
import { importMap } from '../../src/map/import-map.js';
import { seedsOf } from '../../src/map/snap/seeds.js';
import { sharedData, testCacheDir } from '../helpers/shared-data.js';

interface ReferencePair { from: [number, number]; to: [number, number]; distance_m: number; duration_s: number }

const extract = sharedData('osm/liechtenstein.osm.pbf');
const reference = sharedData('reference/osrm-liechtenstein-pairs.json');

t.test('routes agree with OSRM car routes on Liechtenstein (distance ±10% on 17/20, time within a third)', { skip: extract.skip || reference.skip }, async (t) => {
  const pairs = (JSON.parse(readFileSync(reference.path, 'utf8')) as { pairs: ReferencePair[] }).pairs;
  const { graph, snapIndex: index, arcCopies: copies } = await importMap(extract.path, { dataDir: testCacheDir() });
  let distanceAgrees = 0, timeAgrees = 0;
  for (const pair of pairs) {
    const from = index.snap(...pair.from), to = index.snap(...pair.to);
    if (!from || !to) continue;
    const route = referenceRoute(graph, seedsOf(graph, copies, from).sources, seedsOf(graph, copies, to).targets);
    if (!route) continue;
    // The route's weight with each arc's weight swapped for its duration (weights add zone-entry penalties).
    const seconds = route.arcs.reduce((sum, arc) => sum + graph.durationMs[arc]! - graph.weight[arc]!, route.weight) / 1000;
    if (Math.abs(route.distance / 100 / pair.distance_m - 1) <= 0.1) distanceAgrees++;
    if (Math.abs(seconds / pair.duration_s - 1) <= 1 / 3) timeAgrees++;
  }
  t.ok(distanceAgrees >= 17, `distance within 10% on ${distanceAgrees}/${pairs.length}`);
  t.ok(timeAgrees >= 17, `time within a third on ${timeAgrees}/${pairs.length}`);
});
