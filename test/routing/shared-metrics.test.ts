import { Worker } from 'node:worker_threads';
import t from 'tap';
import { loadRoutingMap } from '../../src/routing/load/load-routing-map.js';
import { sharedData, testCacheDir } from '../helpers/shared-data.js';

const monaco = sharedData('osm/monaco.osm.pbf');
const workerFile = new URL('../fixtures/truck-metric-worker.js', import.meta.url);

function addressFrom(workerData: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(workerFile, { workerData });
    worker.once('message', (address: number) => {
      resolve(address);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`worker exited (${code}) without an answer`)));
  });
}

t.test('workers that need the same truck metric at once share one hierarchy in the shared memory', { skip: monaco.skip }, async (t) => {
  const { descriptor } = await loadRoutingMap({ mapFile: monaco.path, dataDir: testCacheDir() });
  const addresses = await Promise.all([4.1, 4.1, 4.1].map((heightMeters) => addressFrom({ descriptor, heightMeters })));
  t.equal(new Set(addresses).size, 1, `one hierarchy: ${addresses.join(', ')}`);
  t.not(addresses[0], descriptor.maps[1]!.hierarchy.address, 'not the default metric');
});
