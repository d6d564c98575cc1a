import { join } from 'node:path';
import t, { type Test } from 'tap';
import { buildGeocodeIndex } from '../../src/geocode/import/build-geocode-index.js';
import { deserializeGeocodeIndex, serializeGeocodeIndex } from '../../src/geocode/index/served-geocode-index.js';
import { Geocoder } from '../../src/geocode/query/geocoder.js';
import type { Point } from '../../src/geometry/point.js';
import { distanceMeters } from '../../src/geometry/sphere.js';
import type { GeocodeSuggestion } from '../../src/geocode/query/suggestion.js';
import { repoRoot } from '../helpers/shared-data.js';

// Two villages side by side, each with a Hauptstraße: Altdorf (12345) and Neudorf (12399). See the fixture.
const fixture = join(repoRoot, 'test/fixtures/geocode-villages.osm');
const index = await buildGeocodeIndex(fixture);
const geocoder = Geocoder.fromRecords(index);

const at = (lat: number, lon: number): Point => ({ lat, lon });
const hauptstrasse3 = at(47.0002, 8.998);
const neudorfHauptstrasse10 = at(47.0002, 9.008);

function pointOf(latlon: string | undefined): Point {
  const [lat, lon] = (latlon ?? 'NaN,NaN').split(',').map(Number);
  return { lat: lat!, lon: lon! };
}

function top(query: string, country = 'DE'): GeocodeSuggestion {
  const [best] = geocoder.geocode(query, country, 10);
  if (!best) throw new Error(`no suggestion for "${query}"`);
  return best;
}

function near(t: Test, suggestion: GeocodeSuggestion, expected: Point, message: string, metres = 2): void {
  const distance = distanceMeters(pointOf(suggestion.location), expected);
  t.ok(distance <= metres, `${message}: ${suggestion.formatted_address} (${suggestion.match_type}) is ${distance.toFixed(1)} m away`);
}

t.test('the index knows the villages, their streets, addresses, interpolation and postcodes', async (t) => {
  t.equal(index.dominantCountry, 'DE');
  t.same([...geocoder.countries], ['DE']);
  t.equal(index.streets.filter((street) => street.name === 'Hauptstraße').length, 2, 'one Hauptstraße per village');
  t.equal(index.interpolations.length, 1);
  t.same(index.postcodes.map((postcode) => postcode.code).sort(), ['12345', '12399']);
  t.same(new Set(index.contexts.map((context) => context.locality)), new Set(['Altdorf', 'Neudorf']));
});

t.test('a clean address is found exactly, with its street, number, postcode and regions', async (t) => {
  const best = top('Hauptstraße 3, 12345 Altdorf');
  near(t, best, hauptstrasse3, 'Hauptstraße 3');
  t.equal(best.match_type, 'address');
  t.equal(best.street_number, '3');
  t.equal(best.street_name, 'Hauptstraße');
  t.equal(best.post_code, '12345');
  t.same(best.regions, ['Altdorf']);
  t.equal(best.country, 'DE');
  t.equal(best.formatted_address, 'Hauptstraße 3, 12345 Altdorf');
  t.ok(best.score > 0.9, `score ${best.score}`);
  near(t, { ...best, location: best.intersection! }, at(47.0, 8.998), 'the intersection is the projection onto the street');
});

t.test('case, accents, ß, abbreviations, order and noise do not change the answer', async (t) => {
  for (const query of [
    'hauptstrasse 3 altdorf', 'HAUPTSTRASSE 3, ALTDORF', 'Hauptstr. 3, Altdorf', 'Hauptstr 3 12345',
    '3 Hauptstraße Altdorf', 'Altdorf 12345, Hauptstraße 3', 'Hauptstraße 3 Altdorf 12345', 'Hauptstraße 3, Wohnung 2, Altdorf',
  ]) near(t, top(query), hauptstrasse3, query);
});

t.test('a country named at the end of the query agrees with the address', async (t) => {
  for (const query of ['Hauptstraße 3, 12345 Altdorf, Deutschland', 'Hauptstraße 3, 12345 Altdorf, DE']) {
    const best = top(query);
    near(t, best, hauptstrasse3, query);
    t.ok(best.score > 0.9, `score ${best.score}`);
  }
});

t.test('typos within the allowed edits are forgiven', async (t) => {
  near(t, top('Hauptstrase 5 Altdorf'), at(47.0002, 8.999), 'one letter missing');
  near(t, top('Hautpstraße 5, Altdrof'), at(47.0002, 8.999), 'letters swapped in the street and the town');
  near(t, top('Bahnhfstrase 4 Altdorf'), at(46.9983, 8.9981), 'two edits in a long word');
});

t.test('a building is found at its entrance, or at its centroid when it has none', async (t) => {
  near(t, top('Bahnhofstraße 2, Altdorf'), at(46.9982, 8.9972), 'the tagged main entrance');
  near(t, top('Bahnhofstraße 4, Altdorf'), at(46.9983, 8.9981), 'the centroid');
});

t.test('house number variants: a letter written apart, a range, and the bare number of a range', async (t) => {
  near(t, top('Hauptstraße 7 a, Altdorf'), at(47.0002, 9.0015), '7 a');
  near(t, top('Hauptstraße 7a, Altdorf'), at(47.0002, 9.0015), '7a');
  near(t, top('Hauptstraße 7, Altdorf'), at(47.0002, 9.001), '7');
  near(t, top('Kirchweg 2-4, Neudorf'), at(46.9982, 9.008), '2-4');
  near(t, top('Kirchweg 2, Neudorf'), at(46.9982, 9.008), '2 within 2-4');
});

t.test('the town or the postcode decides which of two same-named streets is meant', async (t) => {
  near(t, top('Hauptstraße 10, Neudorf'), neudorfHauptstrasse10, 'by town');
  near(t, top('Hauptstraße 10, 12399'), neudorfHauptstrasse10, 'by postcode');
  near(t, top('Hauptstraße 1, Neudorf'), at(47.0002, 9.007), 'the same number exists in both villages');
  near(t, top('Hauptstraße 1, 12345'), at(47.0002, 8.997), 'and the postcode picks Altdorf');
});

t.test('a house number that exists only in another town never pulls the answer there', async (t) => {
  const best = top('Hauptstraße 10, Altdorf');
  t.equal(best.match_type, 'street', 'the street of the named town, without the number');
  t.same(best.regions, ['Altdorf']);
  t.notOk(best.street_number);
  const all = geocoder.geocode('Hauptstraße 10, Altdorf', 'DE', 10);
  t.notOk(all.some((s) => s.regions[0] === 'Neudorf'), 'nothing from Neudorf is offered');
  const elsewhere = top('Am Mühlbach 12, Neudorf');
  t.equal(elsewhere.match_type, 'locality', 'a street only another town has: the named town itself');
  t.equal(elsewhere.formatted_address, 'Neudorf');
  t.equal(top('Am Mühlbach 12').street_number, '12', 'without a town the number is found where it is');
});

t.test('an interpolation way places the numbers of its parity between its ends', async (t) => {
  const best = top('Bahnhofstraße 14, Altdorf');
  t.equal(best.match_type, 'interpolated');
  near(t, best, at(46.9982, 9.0016), 'two fifths of the way from 10 to 20', 5);
  t.equal(best.street_number, '14');
  t.equal(top('Bahnhofstraße 15, Altdorf').match_type, 'street', 'an odd number is not on an even interpolation');
});

t.test('an unmapped number between mapped neighbours of its side is estimated between them', async (t) => {
  const best = top('Hauptstraße 9, Altdorf');
  t.equal(best.match_type, 'interpolated');
  near(t, best, at(47.0002, 9.002), 'halfway between 7 and 11', 5);
  t.ok(best.score < top('Hauptstraße 11, Altdorf').score, 'less sure than a mapped number');
  t.equal(top('Hauptstraße 13, Altdorf').match_type, 'street', 'no neighbour above: the street');
});

t.test('the fallback ladder: street, postcode, locality, with honest match types', async (t) => {
  const street = top('Am Mühlbach, Altdorf');
  t.equal(street.match_type, 'street');
  t.ok(street.intersection, 'a street match has an intersection');
  const postcode = top('12399');
  t.equal(postcode.match_type, 'postcode');
  t.equal(postcode.post_code, '12399');
  const town = top('Unbekannter Weg 5, Neudorf');
  t.equal(town.match_type, 'locality');
  near(t, town, at(47.0, 9.01), 'the village itself');
  for (const field of ['street_number', 'street_name', 'post_code', 'intersection'] as const) {
    t.notOk(field in town, `a city-level match has no ${field}`);
  }
  t.same(top('Neudorf').regions, ['Neudorf']);
});

t.test('scores lie in [0, 1], best first, and max_results is honoured', async (t) => {
  const all = geocoder.geocode('Hauptstraße', 'DE', 10);
  t.ok(all.length >= 2, 'both Hauptstraßen');
  for (let i = 0; i < all.length; i++) {
    t.ok(all[i]!.score >= 0 && all[i]!.score <= 1);
    if (i > 0) t.ok(all[i - 1]!.score >= all[i]!.score, 'sorted best first');
  }
  t.equal(geocoder.geocode('Hauptstraße', 'DE', 1).length, 1);
});

t.test('nothing matches: an empty list, also for another country or for noise', async (t) => {
  t.same(geocoder.geocode('Xylophonallee 99', 'DE', 10), []);
  t.same(geocoder.geocode('Hauptstraße 3, Altdorf', 'AT', 10), [], 'the index has nothing in Austria');
  t.same(geocoder.geocode('#, ;', 'DE', 10), []);
});

t.test('a pasted paragraph is read only up to the length of an address', async (t) => {
  const paragraph = `Hauptstraße 3 Altdorf ${'bitte klingeln 12 '.repeat(50_000)}`;
  near(t, top(paragraph), hauptstrasse3, 'the address at its start');
});

t.test('reverse geocoding answers the nearest address, else the street, else the village', async (t) => {
  const [address] = geocoder.reverse(at(47.0003, 8.998));
  t.equal(address?.match_type, 'address');
  t.equal(address?.street_number, '3');
  const [street] = geocoder.reverse(at(46.998, 9.0135));
  t.equal(street?.match_type, 'street');
  t.equal(street?.street_name, 'Kirchweg');
  const [village] = geocoder.reverse(at(47.0095, 9.019));
  t.equal(village?.match_type, 'locality');
  t.equal(village?.formatted_address, 'Neudorf');
  t.same(geocoder.reverse(at(-33.9, 151.2)), [], 'nothing near the other side of the world');
});

t.test('the index survives serialization unchanged', async (t) => {
  const bytes = serializeGeocodeIndex(index);
  t.same(deserializeGeocodeIndex(bytes), index);
  t.throws(() => deserializeGeocodeIndex(serializeGeocodeIndex({ ...index, version: 0 })), /version/);
});
