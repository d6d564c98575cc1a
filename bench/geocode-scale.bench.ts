/**
 * `npm run bench -- geocode-scale [--addresses N]`: the served geocode index at the size of a country (default
 * ten million addresses, bench/geocode-scale/synthetic-addresses.ts). Writes the index's cache file, then serves
 * it in a process of its own with 2 and with 4 workers (bench/geocode-scale/served-geocoders.ts) and prints:
 * cache bytes, time to write it, time to read it and to have every worker ready, resident memory of the process
 * ready and after the queries, per worker load time, forward and reverse p50/p99 and how many answers land on
 * their address. docs/geocoding.md, The served index.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeGeocodeIndexFile } from '../src/geocode/import/geocode-index-cache.js';
import { serializeGeocodeIndex } from '../src/geocode/index/served-geocode-index.js';
import type { BenchOptions } from './registry.js';
import { percentile, report } from './report.js';
import type { WorkerAnswers } from './geocode-scale/served-geocoders.js';
import { sampleQueries, syntheticGeocodeIndex } from './geocode-scale/synthetic-addresses.js';

const DEFAULT_ADDRESSES = 10_000_000;
const QUERIES = 500;
const server = new URL('./geocode-scale/served-geocoders.js', import.meta.url).pathname;

interface Served {
  readSeconds: number;
  readySeconds: number;
  readyResidentMiB: number;
  answeredResidentMiB: number;
  answers: WorkerAnswers[];
}

async function serve(file: string, workers: number, queriesFile: string): Promise<Served> {
  const child = spawn(process.execPath, [server, file, String(workers), queriesFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the served geocoders exited with ${code}`);
  return JSON.parse(output) as Served;
}

const round = (value: number, digits = 2): number => Number(value.toFixed(digits));
const sorted = (values: number[]): number[] => [...values].sort((a, b) => a - b);

export async function run(options: BenchOptions): Promise<void> {
  const addressCount = Number(options.addresses ?? DEFAULT_ADDRESSES);
  if (!Number.isInteger(addressCount) || addressCount < 1000) throw new Error(`--addresses must be an integer of at least 1000, not ${options.addresses}`);
  const folder = mkdtempSync(join(tmpdir(), 'fleetroute-geocode-scale-'));
  try {
    let started = performance.now();
    const index = syntheticGeocodeIndex(addressCount);
    const queries = sampleQueries(index, Math.floor(index.addresses.length / QUERIES));
    const generateSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    const file = join(folder, 'index.bin');
    writeGeocodeIndexFile(file, serializeGeocodeIndex(index));
    const writeSeconds = (performance.now() - started) / 1000;
    const queriesFile = join(folder, 'queries.json');
    writeFileSync(queriesFile, JSON.stringify(queries));
    const counts = { addresses: index.addresses.length, streets: index.streets.length, towns: index.contexts.length };
    for (const workers of [2, 4]) {
      const served = await serve(file, workers, queriesFile);
      const all = (pick: (answers: WorkerAnswers) => number[]) => sorted(served.answers.flatMap(pick));
      const forward = all((a) => a.forwardMicros), reverse = all((a) => a.reverseMicros);
      const asked = served.answers.length * queries.length;
      report('geocode_scale', {
        ...counts, workers, cacheMiB: round(statSync(file).size / 2 ** 20, 1), generateS: round(generateSeconds), writeS: round(writeSeconds),
        readS: round(served.readSeconds), readyS: round(served.readySeconds),
        workerLoadS: round(Math.max(...served.answers.map((a) => a.loadSeconds))),
        readyResidentMiB: Math.round(served.readyResidentMiB), answeredResidentMiB: Math.round(served.answeredResidentMiB),
        forwardP50Us: round(percentile(forward, 0.5), 0), forwardP99Us: round(percentile(forward, 0.99), 0),
        reverseP50Us: round(percentile(reverse, 0.5), 0), reverseP99Us: round(percentile(reverse, 0.99), 0),
        forwardOnTarget: round(served.answers.reduce((n, a) => n + a.forwardOnTarget, 0) / asked, 3),
        reverseOnTarget: round(served.answers.reduce((n, a) => n + a.reverseOnTarget, 0) / asked, 3),
      });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
