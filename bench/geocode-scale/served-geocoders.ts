/**
 * A process serving one cached geocode index as the service does: the HTTP thread reads the cache file into shared
 * memory and loads a geocoder (for its summary), then each worker thread loads its own from the same bytes. Run
 * as `node served-geocoders.js <index file> <workers> <queries.json>`; prints one JSON line: seconds to ready,
 * resident memory ready and after every worker answered the queries, and the workers' answers.
 */
import { readFileSync } from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { readGeocodeIndexFile } from '../../src/geocode/import/geocode-index-cache.js';
import { Geocoder } from '../../src/geocode/query/geocoder.js';
import { distanceMeters } from '../../src/geometry/sphere.js';
import type { SyntheticAddress } from './synthetic-addresses.js';

/** An answer this close to the address's point is on its building. */
const ON_TARGET_M = 30;

export interface WorkerAnswers {
  loadSeconds: number;
  forwardMicros: number[];
  reverseMicros: number[];
  forwardOnTarget: number;
  reverseOnTarget: number;
}

const residentMiB = (): number => process.memoryUsage().rss / 2 ** 20;

function answerQueries(geocoder: Geocoder, loadSeconds: number, queries: SyntheticAddress[]): WorkerAnswers {
  const answers: WorkerAnswers = { loadSeconds, forwardMicros: [], reverseMicros: [], forwardOnTarget: 0, reverseOnTarget: 0 };
  const onTarget = (location: string | undefined, query: SyntheticAddress): boolean => {
    const [lat, lon] = (location ?? 'NaN,NaN').split(',').map(Number);
    return distanceMeters({ lat: lat!, lon: lon! }, query) <= ON_TARGET_M;
  };
  for (const query of queries) {
    let at = performance.now();
    const [found] = geocoder.geocode(query.text, 'US', 1);
    answers.forwardMicros.push((performance.now() - at) * 1000);
    if (onTarget(found?.location, query)) answers.forwardOnTarget++;
    at = performance.now();
    const [reversed] = geocoder.reverse(query);
    answers.reverseMicros.push((performance.now() - at) * 1000);
    if (onTarget(reversed?.location, query)) answers.reverseOnTarget++;
  }
  return answers;
}

async function serve(file: string, workers: number, queries: SyntheticAddress[]): Promise<void> {
  const started = performance.now();
  const bytes = await readGeocodeIndexFile(file);
  if (!bytes) throw new Error(`${file} is not a whole geocode index file, or does not match its digest`);
  const readSeconds = (performance.now() - started) / 1000;
  Geocoder.fromBytes(bytes);
  const loaded: Promise<WorkerAnswers>[] = [];
  let ready = 0, readyResident = 0, readySeconds = 0;
  for (let w = 0; w < workers; w++) {
    const worker = new Worker(new URL(import.meta.url), { workerData: { bytes, queries } });
    loaded.push(new Promise((resolve, reject) => {
      worker.on('message', (message: { loaded: true } | WorkerAnswers) => {
        if ('loaded' in message) {
          if (++ready === workers) [readySeconds, readyResident] = [(performance.now() - started) / 1000, residentMiB()];
          return;
        }
        resolve(message);
        void worker.terminate();
      });
      worker.once('error', reject);
    }));
  }
  const answers = await Promise.all(loaded);
  console.log(JSON.stringify({ readSeconds, readySeconds, readyResidentMiB: readyResident, answeredResidentMiB: residentMiB(), answers }));
}

if (isMainThread) {
  const [file, workers, queriesFile] = process.argv.slice(2);
  await serve(file!, Number(workers), JSON.parse(readFileSync(queriesFile!, 'utf8')) as SyntheticAddress[]);
} else {
  const { bytes, queries } = workerData as { bytes: Uint8Array; queries: SyntheticAddress[] };
  const started = performance.now();
  const geocoder = Geocoder.fromBytes(bytes);
  const loadSeconds = (performance.now() - started) / 1000;
  parentPort!.postMessage({ loaded: true });
  parentPort!.postMessage(answerQueries(geocoder, loadSeconds, queries));
}
