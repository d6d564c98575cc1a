import { join } from 'node:path';
import t from 'tap';
import { loadConfig } from '../../src/config.js';
import { operation as geocode } from '../../src/geocode/service/geocode-operation.js';
import { isCountryCovered, setGeocoderProvider } from '../../src/geocode/service/geocoder-registry.js';
import { GEOCODER_RESOURCE, geocoderResourceLoader } from '../../src/geocode/service/geocoder-resource.js';
import { setWorkerResource } from '../../src/pool/worker-resources.js';
import { repoRoot } from '../helpers/shared-data.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

const fixture = join(repoRoot, 'test/fixtures/geocode-villages.osm');
const dataDir = temporaryDirectory('geocoder-resource-');
const { config } = loadConfig(['--map', fixture, '--data-dir', dataDir], {});
const quiet = () => undefined;

t.test('the loader builds the index once, caches it, and installs it for validation', async (t) => {
  const first = await geocoderResourceLoader.load(config, quiet);
  t.match(first.summary, { addresses: 14, countries: ['DE'], from_cache: false });
  t.ok(isCountryCovered('DE'), 'the HTTP thread knows the covered countries');
  t.notOk(isCountryCovered('FR'));
  const second = await geocoderResourceLoader.load(config, quiet);
  t.match(second.summary, { from_cache: true });
  const { indexes } = second.descriptor as { indexes: Uint8Array[] };
  t.equal(indexes.length, 1, 'one index for the one map');
  t.ok(indexes[0]!.buffer instanceof SharedArrayBuffer, 'workers share one copy of the index');
});

t.test('a worker that stored the bare descriptor installs the geocoder on first use', async (t) => {
  const { descriptor } = await geocoderResourceLoader.load(config, quiet);
  setGeocoderProvider(() => undefined);
  setWorkerResource(GEOCODER_RESOURCE, descriptor);
  const request = { addresses: [{ query: 'Hauptstraße 3, Altdorf', country: 'DE', maxResults: 1, echo: {} }], echo: {} };
  const response = await geocode.run(request, { signal: new AbortController().signal, reportProgress: () => undefined });
  t.equal(response.geocoded_locations[0]!.suggestions[0]!.street_number, '3');
});

t.test('without a map only an upstream could cover countries', async (t) => {
  const { config: bare } = loadConfig(['--data-dir', dataDir], { FLEETROUTE_GEOSTREAM_URL: 'http://127.0.0.1:9', FLEETROUTE_GEOSTREAM_COUNTRIES: 'fr,it' });
  await geocoderResourceLoader.load(bare, quiet);
  t.ok(isCountryCovered('FR'));
  t.ok(isCountryCovered('IT'));
  t.notOk(isCountryCovered('DE'));
});
