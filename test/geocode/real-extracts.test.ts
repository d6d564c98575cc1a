import t from 'tap';
import { formatLatLon } from '../../src/conventions/latlon.js';
import { loadGeocodeIndex } from '../../src/geocode/import/geocode-index-cache.js';
import type { GeocodeIndex } from '../../src/geocode/index/geocode-index.js';
import { geocodeRecords } from '../../src/geocode/index/served-geocode-index.js';
import { streetLevelMinimumScore } from '../../src/geocode/query/forward-search.js';
import { Geocoder } from '../../src/geocode/query/geocoder.js';
import { projectOntoLine } from '../../src/geometry/polyline.js';
import { distanceMeters } from '../../src/geometry/sphere.js';
import { addressQueries, streetQueries, type AddressQuery, type StreetQuery } from '../helpers/address-queries.js';
import { sharedData, testCacheDir } from '../helpers/shared-data.js';

const tolerance = 30;

async function loaded(path: string): Promise<{ index: GeocodeIndex; geocoder: Geocoder }> {
  const { index } = await loadGeocodeIndex(path, testCacheDir());
  return { index: geocodeRecords(index), geocoder: new Geocoder(index) };
}

function hitRate(geocoder: Geocoder, queries: AddressQuery[]): { rate: number; misses: string[] } {
  const misses: string[] = [];
  for (const query of queries) {
    const [top] = geocoder.geocode(query.query, query.country, 10);
    const [lat, lon] = (top?.location ?? 'NaN,NaN').split(',').map(Number);
    const distance = distanceMeters({ lat: lat!, lon: lon! }, query.expected);
    if (!(distance <= tolerance)) misses.push(`${query.perturbation}: "${query.query}" → ${top?.formatted_address ?? 'nothing'}`);
  }
  return { rate: queries.length === 0 ? 1 : 1 - misses.length / queries.length, misses };
}

/** Share of street queries whose top suggestion lies on the asked street. */
function streetHitRate(geocoder: Geocoder, queries: StreetQuery[]): { rate: number; misses: string[] } {
  const misses: string[] = [];
  for (const query of queries) {
    const [top] = geocoder.geocode(query.query, query.country, 10);
    const [lat, lon] = (top?.location ?? 'NaN,NaN').split(',').map(Number);
    const distance = Math.min(...query.lines.map((line) => projectOntoLine({ lat: lat!, lon: lon! }, line).distance));
    if (!(distance <= tolerance)) misses.push(`${query.perturbation}: "${query.query}" → ${top?.formatted_address ?? 'nothing'}`);
  }
  return { rate: queries.length === 0 ? 1 : 1 - misses.length / queries.length, misses };
}

for (const name of ['monaco', 'andorra', 'liechtenstein', 'baltimore']) {
  const extract = sharedData(`osm/${name}.osm.pbf`);
  t.test(`${name}: real addresses are found within ${tolerance} m, written cleanly or perturbed`, { skip: extract.skip }, async (t) => {
    const { index, geocoder } = await loaded(extract.path);
    const queries = addressQueries(index, { seed: 2026, limit: 400, tolerance });
    t.ok(queries.length > 0, `${queries.length} queries`);
    const clean = hitRate(geocoder, queries.filter((query) => query.perturbation === 'clean'));
    const perturbed = hitRate(geocoder, queries.filter((query) => query.perturbation !== 'clean'));
    t.ok(clean.rate >= 0.99, `clean: ${(100 * clean.rate).toFixed(1)} %`, { misses: clean.misses.slice(0, 10) });
    t.ok(perturbed.rate >= 0.95, `perturbed: ${(100 * perturbed.rate).toFixed(1)} %`, { misses: perturbed.misses.slice(0, 10) });
  });

  t.test(`${name}: streets asked with their town are answered on that street`, { skip: extract.skip }, async (t) => {
    const { index, geocoder } = await loaded(extract.path);
    const queries = streetQueries(index, { seed: 2026, limit: 300 });
    const clean = streetHitRate(geocoder, queries.filter((query) => query.perturbation === 'clean'));
    const perturbed = streetHitRate(geocoder, queries.filter((query) => query.perturbation !== 'clean'));
    t.ok(clean.rate >= 0.98, `clean: ${(100 * clean.rate).toFixed(1)} %`, { misses: clean.misses.slice(0, 10) });
    t.ok(perturbed.rate >= 0.95, `perturbed: ${(100 * perturbed.rate).toFixed(1)} %`, { misses: perturbed.misses.slice(0, 10) });
  });
}

const baltimore = sharedData('osm/baltimore.osm.pbf');

t.test('Baltimore: an independent city repeats as its county, and the state comes from the addresses', { skip: baltimore.skip }, async (t) => {
  const { geocoder } = await loaded(baltimore.path);
  const [city] = geocoder.geocode('Eastern Avenue, Baltimore', 'US', 1);
  t.same(city?.regions, ['Baltimore', 'Baltimore', 'Maryland']);
  const [county] = geocoder.geocode('Dundalk', 'US', 1);
  t.same(county?.regions, ['Dundalk', 'Baltimore County', 'Maryland'], 'Dundalk lies in Baltimore County');
  t.equal(county?.match_type, 'locality');
});

t.test('Baltimore: numbers between the ends of an interpolation way are interpolated on it', { skip: baltimore.skip }, async (t) => {
  const { index, geocoder } = await loaded(baltimore.path);
  t.ok(index.interpolations.length > 0, 'the extract has interpolation ways');
  for (const section of index.interpolations) {
    const street = index.streets[section.street]!.name;
    const number = Math.min(section.from, section.to) + section.step;
    if (number >= Math.max(section.from, section.to)) continue;
    const mapped = index.addresses.some((address) => address.street === section.street && address.number === String(number));
    if (mapped) continue;
    const [top] = geocoder.geocode(`${number} ${street}, Baltimore`, 'US', 1);
    t.equal(top?.match_type, 'interpolated', `${number} ${street}`);
    const [lat, lon] = (top?.location ?? 'NaN,NaN').split(',').map(Number);
    const ends = [0, section.line.length - 2].map((i) => ({ lat: section.line[i]!, lon: section.line[i + 1]! }));
    const along = distanceMeters(ends[0]!, { lat: lat!, lon: lon! }) + distanceMeters({ lat: lat!, lon: lon! }, ends[1]!);
    t.ok(along <= distanceMeters(ends[0]!, ends[1]!) + 1, 'the point lies between the numbered ends');
  }
});

const monaco = sharedData('osm/monaco.osm.pbf');

t.test('Monaco: the commune is the region and the quarter a subregion; French communes around are FR', { skip: monaco.skip }, async (t) => {
  const { geocoder } = await loaded(monaco.path);
  t.ok(geocoder.covers('MC') && geocoder.covers('FR'));
  const [street] = geocoder.geocode('Boulevard des Moulins', 'MC', 1);
  t.same(street?.regions, ['Monaco']);
  t.ok(street?.subregions.length, `subregions ${JSON.stringify(street?.subregions)}`);
  const [beausoleil] = geocoder.geocode('Beausoleil', 'FR', 1);
  t.equal(beausoleil?.country, 'FR');
  t.same(geocoder.geocode('Beausoleil', 'MC', 10).filter((s) => s.formatted_address === 'Beausoleil'), [], 'not a Monegasque town');
});

const liechtenstein = sharedData('osm/liechtenstein.osm.pbf');

t.test('Liechtenstein: municipality and electoral district; an address asked in another country is not answered', { skip: liechtenstein.skip }, async (t) => {
  const { index, geocoder } = await loaded(liechtenstein.path);
  const address = index.addresses.find((a) => index.contexts[a.context]!.locality === 'Vaduz')!;
  const street = index.streets[address.street]!.name;
  const [top] = geocoder.geocode(`${street} ${address.number}, Vaduz`, 'LI', 1);
  t.same(top?.regions, ['Vaduz', 'Wahlkreis Oberland']);
  const abroad = geocoder.geocode(`${street} ${address.number}, Vaduz`, 'AT', 10);
  t.ok(abroad.every((s) => s.country === 'AT'), 'suggestions for AT stay in Austria');
});

const andorra = sharedData('osm/andorra.osm.pbf');

t.test('Andorra: streets and towns are found with Catalan abbreviations, the parish is the region', { skip: andorra.skip }, async (t) => {
  const { geocoder } = await loaded(andorra.path);
  const [street] = geocoder.geocode('Av. Meritxell, Andorra la Vella', 'AD', 1);
  t.equal(street?.match_type, 'street');
  t.equal(street?.street_name, 'Avinguda Meritxell');
  t.same(street?.regions, ['Andorra la Vella']);
  const [town] = geocoder.geocode('canillo', 'AD', 1);
  t.equal(town?.match_type, 'locality');
  t.same(town?.regions, ['Canillo']);
  t.notOk(town?.street_name);
});

t.test('reverse geocoding of a mapped address answers that address', { skip: liechtenstein.skip }, async (t) => {
  const { index, geocoder } = await loaded(liechtenstein.path);
  for (const address of index.addresses.slice(0, 50)) {
    const [top] = geocoder.reverse(address);
    t.equal(top?.match_type, 'address');
    const [lat, lon] = (top?.location ?? 'NaN,NaN').split(',').map(Number);
    t.ok(distanceMeters({ lat: lat!, lon: lon! }, address) < 1, `${index.streets[address.street]!.name} ${address.number}`);
  }
});

t.test('a street of another town is never the answer: "Rue de Rivoli, Paris" against a map without Paris', { skip: monaco.skip }, async (t) => {
  const { geocoder } = await loaded(monaco.path);
  const suggestions = geocoder.geocode('Rue de Rivoli, Paris', 'FR', 10);
  t.same(suggestions.filter((s) => s.street_name !== undefined), [], 'no street-level guess');
  const [beausoleil] = geocoder.geocode('Boulevard des Moulins, Beausoleil', 'FR', 10).filter((s) => s.street_name !== undefined);
  t.not(beausoleil?.regions[0], 'Monaco', "Monaco's Boulevard des Moulins is not offered for Beausoleil");
  for (const suggestion of [...suggestions, ...geocoder.geocode('Escaleir Tivli, Paris', 'FR', 10)]) {
    if (suggestion.street_name !== undefined) t.ok(suggestion.score >= streetLevelMinimumScore, `${suggestion.formatted_address} at ${suggestion.score}`);
  }
});

t.test('Baltimore: a unit after the street picks that unit of the building; without one, the building answers', { skip: baltimore.skip }, async (t) => {
  const { index, geocoder } = await loaded(baltimore.path);
  const units = index.addresses.filter((address) => address.unit !== '' && index.streets[address.street]!.name === 'Boston Street');
  t.ok(units.length >= 2, `${units.length} units mapped on Boston Street`);
  for (const address of units) {
    for (const written of [`Unit ${address.unit}`, `#${address.unit}`, `Suite ${address.unit}`]) {
      const [top] = geocoder.geocode(`${address.number} Boston Street ${written}, Baltimore, MD ${address.postcode}`, 'US', 1);
      t.ok(top?.formatted_address.includes(`Unit ${address.unit}`), `${written} → ${top?.formatted_address}`);
      t.equal(top?.location, formatLatLon(address));
    }
  }
  const [building] = geocoder.geocode(`${units[0]!.number} Boston Street, Baltimore`, 'US', 1);
  t.equal(building?.street_number, units[0]!.number);
  t.equal(building?.match_type, 'address');
});

t.test('Baltimore: fractional and lettered numbers answer their own building, not the plain number', { skip: baltimore.skip }, async (t) => {
  const { index, geocoder } = await loaded(baltimore.path);
  const special = index.addresses.filter((address) => !/^\d+$/.test(address.number));
  t.ok(special.some((address) => address.number.includes('1/2')), 'the extract maps numbers with a half');
  for (const address of special) {
    const street = index.streets[address.street]!.name;
    const [top] = geocoder.geocode(`${address.number} ${street}, Baltimore ${address.postcode}`, 'US', 1);
    t.equal(top?.street_number, address.number, `${address.number} ${street}`);
  }
});

t.test('Baltimore: a street is offered for a postcode only if some of its addresses have it, unless the town is named', { skip: baltimore.skip }, async (t) => {
  const { index, geocoder } = await loaded(baltimore.path);
  const codesOf = (street: number) => new Set(index.addresses.filter((address) => address.street === street).map((address) => address.postcode));
  const street = index.streets.findIndex((_, id) => codesOf(id).size === 1 && index.streets.filter((other) => other.name === index.streets[id]!.name).length === 1);
  const name = index.streets[street]!.name, own = [...codesOf(street)][0]!;
  const other = index.postcodes.map((postcode) => postcode.code).find((code) => code !== own)!;
  const onStreet = (query: string) => geocoder.geocode(query, 'US', 10).filter((s) => s.street_name === name);
  t.ok(onStreet(`${name}, ${own}`).length > 0, `${name}, ${own}`);
  t.same(onStreet(`${name}, ${other}`), [], `${name}, ${other}: another postcode`);
  t.ok(onStreet(`${name}, Baltimore ${other}`).length > 0, 'with its town named, a wrong postcode only costs score');
});
