import { join } from 'node:path';
import t from 'tap';
import { geocoderResourceLoader } from '../../src/geocode/service/geocoder-resource.js';
import { answerSchemaOf, undocumented } from '../helpers/documented-fields.js';
import { repoRoot } from '../helpers/shared-data.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';

const fixture = join(repoRoot, 'test/fixtures/geocode-villages.osm');
let server: TestServer;

t.before(async () => {
  // France goes to an upstream on a port where nothing listens.
  server = await startTestServer({
    args: ['--map', fixture],
    resourceLoaders: [geocoderResourceLoader],
    env: { FLEETROUTE_GEOSTREAM_URL: 'http://127.0.0.1:9', FLEETROUTE_GEOSTREAM_COUNTRIES: 'FR', FLEETROUTE_GEOSTREAM_MAX_RETRIES: '0' },
  });
});
t.teardown(() => server.close());

t.test('POST /v1/geocode?wait=1 answers suggestions in request order, through the workers', async (t) => {
  const response = await server.request('/v1/geocode?wait=1', {
    method: 'POST',
    json: {
      custom: { batch: 1 },
      addresses: [
        { id: 'a', query: 'Hauptstr. 10, 12399', country: 'DE', custom: { row: 1 } },
        { id: 'b', query: 'Altdorf', country: 'de' },
        { id: 'c', query: 'Xylophonallee 99', country: 'DE' },
      ],
    },
  });
  t.equal(response.status, 200);
  const body = (await response.json()) as { custom: unknown; geocoded_locations: { id: string; custom?: unknown; suggestions: Record<string, unknown>[] }[] };
  const document = (await (await server.request('/docs/json', { auth: false })).json()) as Parameters<typeof answerSchemaOf>[0];
  const published = answerSchemaOf(document, '/v1/geocode').oneOf[0];
  t.ok(published.properties.geocoded_locations.items.properties.suggestions.items.properties.match_type, '/docs describes suggestions');
  t.same(undocumented(body, published, 'geocode'), [], 'every field of the answer is in /docs');
  t.same(body.custom, { batch: 1 });
  t.same(body.geocoded_locations.map((location) => location.id), ['a', 'b', 'c']);
  t.match(body.geocoded_locations[0], {
    custom: { row: 1 },
    suggestions: [{ location: '47.000200,9.008000', street_number: '10', street_name: 'Hauptstraße', post_code: '12399', regions: ['Neudorf'], country: 'DE', match_type: 'address' }],
  });
  const town = body.geocoded_locations[1]!.suggestions[0]!;
  t.equal(town.match_type, 'locality');
  t.notOk('street_name' in town || 'intersection' in town || 'post_code' in town, 'a city-level match has no street fields');
  t.same(body.geocoded_locations[2]!.suggestions, []);
});

t.test('POST /v1/geocode reports every invalid address at its path with a 400', async (t) => {
  const response = await server.request('/v1/geocode?wait=1', {
    method: 'POST',
    json: { addresses: [{ query: '', country: 'DE' }, { query: 'Hauptstraße 3', country: 'IT' }] },
  });
  t.equal(response.status, 400);
  t.match(await response.json(), {
    status_code: 400,
    error_code: 'validation_failed_error',
    errors: [
      { property: 'request.addresses[0].query', code: 'query_missing_error' },
      { property: 'request.addresses[1].country', code: 'invalid_country_code_error' },
    ],
    extra_error_information: { validation_failures_count: 2 },
  });
});

t.test('an upstream that cannot be reached fails the whole request with a 500 geostream_unavailable', async (t) => {
  const response = await server.request('/v1/geocode?wait=1', {
    method: 'POST',
    json: { addresses: [{ query: 'Hauptstraße 3, Altdorf', country: 'DE' }, { query: '1 Rue de Rivoli, Paris', country: 'FR' }] },
  });
  t.equal(response.status, 500);
  t.match(await response.json(), { status_code: 500, error_code: 'geostream_unavailable' });
});

t.test('POST /v1/reverse_geocode answers the nearest address', async (t) => {
  const response = await server.request('/v1/reverse_geocode?wait=1', { method: 'POST', json: { locations: [{ id: 1, location: '47.0003, 8.998' }] } });
  t.equal(response.status, 200);
  t.match(await response.json(), { geocoded_locations: [{ id: 1, suggestions: [{ street_number: '3', match_type: 'address' }] }] });
});
