import { join } from 'node:path';
import t from 'tap';
import { AppError } from '../../src/errors.js';
import { buildGeocodeIndex } from '../../src/geocode/import/build-geocode-index.js';
import { operation as geocode } from '../../src/geocode/service/geocode-operation.js';
import { Geocoder } from '../../src/geocode/query/geocoder.js';
import { setGeocoderProvider, setGeostream } from '../../src/geocode/service/geocoder-registry.js';
import { GeostreamClient } from '../../src/geocode/service/geostream-client.js';
import { operation as reverseGeocode } from '../../src/geocode/service/reverse-geocode-operation.js';
import { repoRoot } from '../helpers/shared-data.js';

const geocoder = Geocoder.fromRecords(await buildGeocodeIndex(join(repoRoot, 'test/fixtures/geocode-villages.osm')));
setGeocoderProvider(() => geocoder);
const context = () => ({ signal: new AbortController().signal, reportProgress: () => undefined });

function validationErrors(body: unknown): { property: string; code: string }[] {
  try {
    geocode.validate(body);
  } catch (error) {
    if (error instanceof AppError && error.code === 'validation_failed_error') {
      return error.errors!.map(({ property, code }) => ({ property, code }));
    }
    throw error;
  }
  return [];
}

t.test('every fault of a geocode request is reported at once, with its path', async (t) => {
  const errors = validationErrors({
    addresses: [
      { country: 'DE' },
      { query: '   ', country: 'DE' },
      { query: 'Hauptstraße 3', country: 'XX' },
      { query: 'Hauptstraße 3', country: 'DEU' },
      { query: 'Hauptstraße 3', country: 'DE', max_results: 0 },
      null,
      'Hauptstraße 3',
    ],
  });
  // The schema's faults first, then those only the reader finds (a blank query, a country no geocoder covers).
  t.same(errors, [
    { property: 'request.addresses[0].query', code: 'query_missing_error' },
    { property: 'request.addresses[3].country', code: 'invalid_country_code_error' },
    { property: 'request.addresses[4].max_results', code: 'value_out_of_range_error' },
    { property: 'request.addresses[5]', code: 'null_value_error' },
    { property: 'request.addresses[6]', code: 'invalid_type_error' },
    { property: 'request.addresses[1].query', code: 'query_missing_error' },
    { property: 'request.addresses[2].country', code: 'invalid_country_code_error' },
  ]);
  t.same(validationErrors({}), [{ property: 'request.addresses', code: 'missing_field_error' }]);
  t.same(validationErrors([1]), [{ property: 'request', code: 'invalid_type_error' }]);
});

t.test('a country code in lower case and a quoted max_results are accepted', async (t) => {
  const request = geocode.validate({ addresses: [{ query: 'Hauptstraße 3', country: 'de', max_results: '2' }] });
  t.equal(request.addresses[0]!.country, 'DE');
  t.equal(request.addresses[0]!.maxResults, 2);
});

t.test('the response keeps ids, custom fields and the order of the addresses', async (t) => {
  const request = geocode.validate({
    custom: { batch: 7 },
    addresses: [
      { id: 'b', query: 'Hauptstraße 10, Neudorf', country: 'DE', custom: { row: 2 } },
      { query: 'Xylophonallee 99', country: 'DE' },
      { id: 3, query: 'Hauptstraße 3, Altdorf', country: 'DE', max_results: 1 },
    ],
  });
  const response = await geocode.run(request, context());
  t.same(response.custom, { batch: 7 });
  t.equal(response.geocoded_locations.length, 3);
  const [first, second, third] = response.geocoded_locations;
  t.equal(first!.id, 'b');
  t.same(first!.custom, { row: 2 });
  t.equal(first!.suggestions[0]!.street_number, '10');
  t.notOk('id' in second!, 'no id when none was given');
  t.same(second!.suggestions, [], 'nothing matches: an empty list, not a failure');
  t.equal(third!.id, 3);
  t.equal(third!.suggestions.length, 1, 'max_results');
  t.equal(third!.suggestions[0]!.street_number, '3');
});

t.test('reverse geocoding validates every location and answers in order with ids', async (t) => {
  t.throws(() => reverseGeocode.validate({ locations: [{ location: '47.0,9.0' }, { location: 'north pole' }, null] }), {
    code: 'validation_failed_error',
    errors: [
      { property: 'request.locations[2]', code: 'null_value_error' },
      { property: 'request.locations[1].location', code: 'invalid_latlon_error' },
    ],
  });
  const request = reverseGeocode.validate({ locations: [{ id: 'a', location: '47.0003, 8.998' }, { location: '-33.9,151.2' }] });
  const response = await reverseGeocode.run(request, context());
  t.equal(response.geocoded_locations[0]!.id, 'a');
  t.equal(response.geocoded_locations[0]!.suggestions[0]!.street_number, '3');
  t.same(response.geocoded_locations[1]!.suggestions, []);
});

t.test('a configured upstream widens the covered countries and answers for them', async (t) => {
  t.teardown(() => setGeostream(undefined));
  const upstream = new GeostreamClient({ url: 'http://127.0.0.1:9', countries: new Set(['FR']), maxRetries: 0, retryDelayMs: 0, timeoutMs: 1000 });
  setGeostream(upstream);
  t.same(validationErrors({ addresses: [{ query: '1 Rue de Rivoli, Paris', country: 'FR' }] }), []);
  t.same(validationErrors({ addresses: [{ query: '1 Calle Mayor', country: 'ES' }] }), [
    { property: 'request.addresses[0].country', code: 'invalid_country_code_error' },
  ]);
  // Nothing listens on port 9: the whole request fails (docs/api.md, Geocoding) with geostream_unavailable.
  const request = geocode.validate({ addresses: [{ query: 'Hauptstraße 3', country: 'DE' }, { query: '1 Rue de Rivoli', country: 'FR' }] });
  await t.rejects(geocode.run(request, context()), { code: 'geostream_unavailable', status: 500 });
});
