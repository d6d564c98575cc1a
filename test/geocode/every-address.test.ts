import t from 'tap';
import { loadGeocodeIndex } from '../../src/geocode/geocode-index-cache.js';
import { Geocoder } from '../../src/geocode/geocoder.js';
import { addressTargets, addressText, missMeters, onTarget } from '../helpers/address-targets.js';
import { sharedData, testCacheDir } from '../helpers/shared-data.js';

/**
 * Shares of all distinct addresses that must land on target (inside the building, within 5 m of the node)
 * and within 30 m. Baltimore's are the goal; the others are what the extracts gave before the geometry moved
 * to a local frame (Liechtenstein: 93.3 % and 99.8 %), so they can only hold or improve.
 */
const required: Record<string, { onTarget: number; within30: number }> = {
  baltimore: { onTarget: 0.995, within30: 0.999 },
  liechtenstein: { onTarget: 0.933, within30: 0.997 },
  monaco: { onTarget: 1, within30: 1 },
  andorra: { onTarget: 1, within30: 1 },
};

for (const [name, share] of Object.entries(required)) {
  const extract = sharedData(`osm/${name}.osm.pbf`);
  t.test(`${name}: every address of the map, asked as "number street, postcode town", lands on its building or node`, { skip: extract.skip }, async (t) => {
    const { index } = await loadGeocodeIndex(extract.path, testCacheDir());
    const geocoder = new Geocoder(index);
    const targets = (await addressTargets(extract.path, index)).filter((target) => target.kind !== 'interpolation');
    let hits = 0, near = 0;
    const misses: string[] = [], wrongNumbers: string[] = [];
    for (const target of targets) {
      const query = addressText(target);
      const [top] = geocoder.geocode(query, target.country, 1);
      const [lat, lon] = (top?.location ?? 'NaN,NaN').split(',').map(Number);
      const answer = { lat: lat!, lon: lon! };
      const miss = missMeters(target, answer);
      if (onTarget(target, answer)) hits++;
      else misses.push(`"${query}" → ${top?.formatted_address ?? 'nothing'}, ${miss.toFixed(1)} m`);
      if (miss <= 30) near++;
      if (top?.street_number !== target.number) wrongNumbers.push(`"${query}" → ${top?.street_number ?? 'no number'}`);
    }
    t.ok(targets.length > 0, `${targets.length} distinct addresses`);
    t.ok(hits / targets.length >= share.onTarget, `on target: ${hits} of ${targets.length}`, { misses: misses.slice(0, 10) });
    t.ok(near / targets.length >= share.within30, `within 30 m: ${near} of ${targets.length}`);
    t.same(wrongNumbers, [], 'the top suggestion carries the number as the map writes it');
  });
}
