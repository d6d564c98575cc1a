import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { buildGeocodeIndex } from '../../src/geocode/import/build-geocode-index.js';
import { Geocoder } from '../../src/geocode/query/geocoder.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

// Forty villages 10 km apart, each with its own Hauptstraße and a house number 1 on it.
const villages = 40;
function manyVillages(): string {
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<osm version="0.6">'];
  for (let v = 0; v < villages; v++) {
    const lon = 8 + v * 0.13;
    const id = 1000 * (v + 1);
    lines.push(
      `<node id="${id}" lat="47" lon="${lon}"><tag k="place" v="village"/><tag k="name" v="Dorf ${v}"/></node>`,
      `<node id="${id + 1}" lat="47.001" lon="${lon - 0.002}"/>`,
      `<node id="${id + 2}" lat="47.001" lon="${lon + 0.002}"/>`,
      `<node id="${id + 3}" lat="47.0012" lon="${lon}"><tag k="addr:housenumber" v="1"/><tag k="addr:street" v="Hauptstraße"/>` +
        `<tag k="addr:city" v="Dorf ${v}"/><tag k="addr:country" v="DE"/></node>`,
      `<way id="${id}"><nd ref="${id + 1}"/><nd ref="${id + 2}"/><tag k="highway" v="residential"/><tag k="name" v="Hauptstraße"/></way>`,
    );
  }
  lines.push('</osm>');
  return lines.join('\n');
}

t.test('among many streets of the same name, the one of the named town is answered', async (t) => {
  const path = join(temporaryDirectory('many-towns-'), 'villages.osm');
  writeFileSync(path, manyVillages());
  const geocoder = Geocoder.fromRecords(await buildGeocodeIndex(path));
  for (const v of [0, 17, 39]) {
    const [top] = geocoder.geocode(`Hauptstraße 1, Dorf ${v}`, 'DE', 3);
    t.equal(top?.match_type, 'address');
    t.same(top?.regions, [`Dorf ${v}`], `Dorf ${v}`);
    t.equal(top?.location, `47.001200,${(8 + v * 0.13).toFixed(6)}`);
  }
});
