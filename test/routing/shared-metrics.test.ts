import { Worker } from 'node:worker_threads';
import t from 'tap';
import { computeMetric } from '../../src/map/graph/metric.js';
import { loadRoutingMap } from '../../src/routing/load/load-routing-map.js';
import { metricSelectionOf } from '../../src/routing/service/request-fields.js';
import type { MetricPlace } from '../fixtures/truck-metric-worker.js';
import { sharedData, testCacheDir } from '../helpers/shared-data.js';

const monaco = sharedData('osm/monaco.osm.pbf');
const workerFile = new URL('../fixtures/truck-metric-worker.js', import.meta.url);

function placeFrom(workerData: unknown): Promise<MetricPlace> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData });
    worker.once('message', (place: MetricPlace) => {
      resolve(place);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`worker exited (${code}) without an answer`)));
  });
}

t.test('workers that need the same truck metric at once share one hierarchy and one copy of its arc weights and durations in the shared memory', { skip: monaco.skip }, async (t) => {
  const { descriptor } = await loadRoutingMap({ mapFile: monaco.path, dataDir: testCacheDir() });
  const places = await Promise.all([4.1, 4.1, 4.1].map((heightMeters) => placeFrom({ descriptor, heightMeters })));
  for (const part of ['hierarchy', 'weight', 'durationMs'] as const) {
    t.equal(new Set(places.map((place) => place[part])).size, 1, `one ${part}: ${places.map((place) => place[part]).join(', ')}`);
  }
  t.ok(places.every((place) => place.inSharedMemory), 'every worker reads the arc arrays in the shared memory');
  t.not(places[0]!.hierarchy, descriptor.maps[1]!.hierarchy.address, 'not the default metric');
  const truck = descriptor.maps.find((map) => map.profile === 'truck')!;
  const expected = computeMetric(truck.graph, { dimensionClass: metricSelectionOf({ profile: 'truck', heightMeters: 4.1 }).dimensionClass! });
  const arcs = truck.graph.arcCount;
  t.same(new Uint32Array(truck.memory.buffer, places[0]!.weight, arcs), expected.weight, 'the weights of that dimension class');
  t.same(new Uint32Array(truck.memory.buffer, places[0]!.durationMs, arcs), expected.durationMs, 'and its durations');
  t.not(expected.weight.join(), truck.graph.weight.join(), 'which differ from the default metric on this map');
});
