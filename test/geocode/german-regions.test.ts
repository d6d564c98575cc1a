import t from 'tap';
import { buildGeocodeIndex } from '../../src/geocode/import/build-geocode-index.js';
import { Geocoder } from '../../src/geocode/query/geocoder.js';
import { repoRoot } from '../helpers/shared-data.js';

const fixture = `${repoRoot}/test/fixtures/geocode-district.osm`;

t.test('a German town names its municipality, district and state, though the extract clips their rings', async (t) => {
  const geocoder = Geocoder.fromRecords(await buildGeocodeIndex(fixture));
  const [town] = geocoder.geocode('Bindlach', 'DE', 1);
  t.equal(town?.match_type, 'locality');
  t.same(town?.regions, ['Bindlach', 'Landkreis Bayreuth', 'Bayern'], 'found by the official key, not the independent city of Bayreuth');
  const [address] = geocoder.geocode('Bahnhofstraße 3, 95463 Bindlach', 'DE', 1);
  t.equal(address?.match_type, 'address');
  t.same(address?.regions, ['Bindlach', 'Landkreis Bayreuth', 'Bayern']);
});
