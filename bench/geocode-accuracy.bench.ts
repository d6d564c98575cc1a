/**
 * How close the geocoder lands to where each address of the map really is, per shared extract: every
 * distinct address (nodes, building outlines with and without entrances, numbers along interpolation ways),
 * asked cleanly and perturbed (case, abbreviations, typos, word order, missing postcode, missing town,
 * accents, a unit after the street). A top suggestion inside the address's outline counts 0 m. Prints, by
 * kind of address, the share within 5, 10 and 30 m clean and perturbed, how often the top suggestion carries
 * the number as the map writes it, and addresses per CPU second of one core. Seeded: the same seed gives the same table.
 */
import { loadGeocodeIndex } from '../src/geocode/import/geocode-index-cache.js';
import { geocodeRecords } from '../src/geocode/index/served-geocode-index.js';
import { Geocoder } from '../src/geocode/query/geocoder.js';
import { addressKinds, addressTargets, missMeters, type AddressTarget } from '../test/helpers/address-targets.js';
import { seededRandom, written, type Perturbation } from '../test/helpers/address-queries.js';
import { sharedData, testCacheDir } from '../test/helpers/shared-data.js';
import { report } from './report.js';

const extracts = ['monaco', 'andorra', 'liechtenstein', 'baltimore'];
const seed = Number(process.env.FLEETROUTE_BENCH_SEED ?? 2026);
const perturbed: Perturbation[] = ['case', 'abbreviation', 'typo', 'word_order', 'no_postcode', 'no_town', 'accents', 'unit'];
const reaches = [5, 10, 30];

interface Asked {
  target: AddressTarget;
  perturbation: Perturbation;
  query: string;
}

interface Answer extends Asked {
  miss: number;
  exactNumber: boolean;
}

function queriesOf(targets: AddressTarget[]): Asked[] {
  const random = seededRandom(seed);
  return targets.flatMap((target) =>
    (['clean', ...perturbed] as Perturbation[]).map((perturbation) => ({
      target, perturbation, query: written(target, perturbation, random),
    })),
  );
}

const share = (answers: Answer[], test: (answer: Answer) => boolean) =>
  answers.length === 0 ? null : Math.round((1000 * answers.filter(test).length) / answers.length) / 1000;

function withinShares(answers: Answer[], prefix: string): Record<string, number | null> {
  return Object.fromEntries(reaches.map((reach) => [`${prefix}_${reach}m`, share(answers, (answer) => answer.miss <= reach)]));
}

/** Smallest batch timed: the CPU clock ticks in milliseconds, and a small extract has a few dozen queries. */
const minimumTimedQueries = 4000;

/**
 * Rounds of `ask` timed in CPU seconds of this thread, not wall time: the rate stays comparable on a machine
 * shared with other work.
 */
function cpuTimed(ask: () => unknown, perRound: number): { queries: number; cpuSeconds: number } {
  const rounds = Math.max(1, Math.ceil(minimumTimedQueries / Math.max(1, perRound)));
  const before = process.cpuUsage();
  for (let round = 0; round < rounds; round++) ask();
  const used = process.cpuUsage(before);
  return { queries: rounds * perRound, cpuSeconds: (used.user + used.system) / 1e6 };
}

async function benchExtract(name: string): Promise<void> {
  const { path, skip } = sharedData(`osm/${name}.osm.pbf`);
  if (skip) {
    console.log(`${name}: ${skip}`);
    return;
  }
  const { index: served } = await loadGeocodeIndex(path, testCacheDir());
  const index = geocodeRecords(served);
  const geocoder = new Geocoder(served);
  const asked = queriesOf(await addressTargets(path, index));
  const ask = () => asked.map((query) => geocoder.geocode(query.query, query.target.country, 1)[0]);
  const tops = ask(); // also warms the JIT and the per-word caches: the rate below is a served geocoder's
  const { queries, cpuSeconds } = cpuTimed(ask, asked.length);
  const answers: Answer[] = asked.map((query, i) => {
    const top = tops[i];
    const [lat, lon] = (top?.location ?? 'NaN,NaN').split(',').map(Number);
    const miss = missMeters(query.target, { lat: lat!, lon: lon! });
    return { ...query, miss: Number.isNaN(miss) ? Infinity : miss, exactNumber: top?.street_number === query.target.number };
  });
  for (const kind of addressKinds) {
    const ofKind = answers.filter((answer) => answer.target.kind === kind);
    if (ofKind.length === 0) continue;
    const clean = ofKind.filter((answer) => answer.perturbation === 'clean');
    report('geocode-accuracy', {
      extract: name, kind, addresses: clean.length, queries: ofKind.length,
      ...withinShares(clean, 'clean'),
      ...withinShares(ofKind.filter((answer) => answer.perturbation !== 'clean'), 'perturbed'),
      number_exact_clean: share(clean, (answer) => answer.exactNumber),
    });
  }
  report('geocode-accuracy', {
    extract: name, kind: 'all', seed, queries: answers.length, addresses_per_cpu_s: Math.round(queries / cpuSeconds),
    ...Object.fromEntries(perturbed.map((perturbation) => [`${perturbation}_30m`, share(answers.filter((a) => a.perturbation === perturbation), (a) => a.miss <= 30)])),
  });
}

export async function run(): Promise<void> {
  for (const name of extracts) await benchExtract(name);
}
