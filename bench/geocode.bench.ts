/**
 * Geocoding per shared extract: index build time and serialized size, load time, forward queries per second
 * on one core with p50/p99 latency, and top-1 accuracy (within 30 m) by kind of perturbation, on queries
 * generated from the extract's own addresses, and on "street, town" queries; how close unmapped numbers land
 * (every tenth address held out of the index). Reverse lookups per second alongside.
 * Baseline in the same run: parsing the same queries (folding, abbreviations, number and postcode readings)
 * without searching, the floor any geocoder pays per query.
 */
import { buildGeocodeIndex } from '../src/geocode/import/build-geocode-index.js';
import type { GeocodeIndex } from '../src/geocode/index/geocode-index.js';
import { deserializeGeocodeIndex, serializeGeocodeIndex } from '../src/geocode/index/served-geocode-index.js';
import { formatAddress } from '../src/geocode/text/address-format.js';
import { Geocoder } from '../src/geocode/query/geocoder.js';
import { projectOntoLine } from '../src/geometry/polyline.js';
import { distanceMeters } from '../src/geometry/sphere.js';
import { parseQuery } from '../src/geocode/query/query-parser.js';
import { addressQueries, perturbations, streetQueries, type AddressQuery, type StreetQuery } from '../test/helpers/address-queries.js';
import { sharedData } from '../test/helpers/shared-data.js';
import { percentile, report } from './report.js';

const extracts = ['monaco', 'andorra', 'liechtenstein', 'baltimore'];
const tolerance = 30;
const addressesPerExtract = 500;
const rounds = 5;

function timeBatch(queries: AddressQuery[], search: (query: AddressQuery) => unknown): number {
  const started = performance.now();
  for (const query of queries) search(query);
  return performance.now() - started;
}

function accuracy(geocoder: Geocoder, queries: AddressQuery[]): Record<string, number> {
  const byKind: Record<string, number> = {};
  for (const kind of perturbations) {
    const ofKind = queries.filter((query) => query.perturbation === kind);
    const hits = ofKind.filter((query) => {
      const [lat, lon] = (geocoder.geocode(query.query, query.country, 1)[0]?.location ?? 'NaN,NaN').split(',').map(Number);
      return distanceMeters({ lat: lat!, lon: lon! }, query.expected) <= tolerance;
    }).length;
    byKind[`top1_${kind}`] = ofKind.length === 0 ? Number.NaN : Math.round((1000 * hits) / ofKind.length) / 1000;
  }
  return byKind;
}

/** Top-1 on "street, town" queries: clean, and over all perturbed writings. */
function streetAccuracy(geocoder: Geocoder, queries: StreetQuery[]): Record<string, number> {
  const onStreet = (query: StreetQuery) => {
    const [lat, lon] = (geocoder.geocode(query.query, query.country, 1)[0]?.location ?? 'NaN,NaN').split(',').map(Number);
    return Math.min(...query.lines.map((line) => projectOntoLine({ lat: lat!, lon: lon! }, line).distance)) <= tolerance;
  };
  const rate = (subset: StreetQuery[]) => (subset.length === 0 ? Number.NaN : Math.round((1000 * subset.filter(onStreet).length) / subset.length) / 1000);
  return {
    street_top1_clean: rate(queries.filter((query) => query.perturbation === 'clean')),
    street_top1_perturbed: rate(queries.filter((query) => query.perturbation !== 'clean')),
  };
}

/**
 * Every tenth address left out of the index and asked for: how often the estimate between its mapped
 * neighbours (or whatever answers) lands within the tolerance, and how far the answer is at the median.
 */
function heldOutAccuracy(index: GeocodeIndex): Record<string, number> {
  const heldOut = index.addresses.filter((_, i) => i % 10 === 3);
  const geocoder = Geocoder.fromRecords({ ...index, addresses: index.addresses.filter((_, i) => i % 10 !== 3) });
  const distances = heldOut
    .map((address) => {
      const context = index.contexts[address.context]!;
      const query = formatAddress({
        country: context.country, streetName: index.streets[address.street]!.name, streetNumber: address.number,
        postcode: address.postcode, locality: context.locality,
      });
      const [lat, lon] = (geocoder.geocode(query, context.country, 1)[0]?.location ?? 'NaN,NaN').split(',').map(Number);
      const distance = distanceMeters({ lat: lat!, lon: lon! }, address);
      return Number.isNaN(distance) ? Infinity : distance;
    })
    .sort((a, b) => a - b);
  if (distances.length === 0) return {};
  return {
    held_out_within_30m: Math.round((1000 * distances.filter((distance) => distance <= tolerance).length) / distances.length) / 1000,
    held_out_median_m: Math.round(percentile(distances, 0.5)),
  };
}

async function benchExtract(name: string): Promise<void> {
  const { path, skip } = sharedData(`osm/${name}.osm.pbf`);
  if (skip) {
    console.log(`${name}: ${skip}`);
    return;
  }
  const buildStarted = performance.now();
  const built = await buildGeocodeIndex(path);
  const buildMs = performance.now() - buildStarted;
  const bytes = serializeGeocodeIndex(built);
  const loadStarted = performance.now();
  const geocoder = Geocoder.fromBytes(bytes);
  const loadMs = performance.now() - loadStarted;
  const index = deserializeGeocodeIndex(bytes);
  const queries = addressQueries(index, { seed: 2026, limit: addressesPerExtract, tolerance });

  const parse = (query: AddressQuery) => parseQuery(query.query, query.country, () => false);
  const search = (query: AddressQuery) => geocoder.geocode(query.query, query.country, 10);
  timeBatch(queries, parse);
  timeBatch(queries, search);
  let parseMs = Infinity, searchMs = Infinity;
  for (let round = 0; round < rounds; round++) {
    parseMs = Math.min(parseMs, timeBatch(queries, parse));
    searchMs = Math.min(searchMs, timeBatch(queries, search));
  }
  const latencies = new Float64Array(queries.map((query) => timeBatch([query], search))).sort();
  const points = index.addresses.slice(0, 2000);
  const reverseStarted = performance.now();
  for (const point of points) geocoder.reverse(point);
  const reverseMs = performance.now() - reverseStarted;

  report('geocode', {
    extract: name,
    addresses: index.addresses.length,
    streets: index.streets.length,
    localities: index.localities.length,
    build_ms: Math.round(buildMs),
    index_bytes: bytes.length,
    load_ms: Math.round(loadMs),
    queries: queries.length,
    queries_per_s: Math.round((1000 * queries.length) / searchMs),
    baseline_parse_per_s: Math.round((1000 * queries.length) / parseMs),
    search_vs_parse: Math.round((10 * searchMs) / parseMs) / 10,
    p50_us: Math.round(percentile(latencies, 0.5) * 1000),
    p99_us: Math.round(percentile(latencies, 0.99) * 1000),
    reverse_per_s: points.length === 0 ? null : Math.round((1000 * points.length) / reverseMs),
    ...accuracy(geocoder, queries),
    ...streetAccuracy(geocoder, streetQueries(index, { seed: 2026, limit: addressesPerExtract })),
    ...heldOutAccuracy(index),
  });
}

export async function run(): Promise<void> {
  for (const name of extracts) await benchExtract(name);
}
