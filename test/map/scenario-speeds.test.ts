import t from 'tap';
import { AsciiMap } from '../helpers/ascii-map.js';

function kmh(route: { seconds: number; meters: number }): number {
  return route.meters / route.seconds * 3.6;
}

t.test('a tagged maxspeed sets the speed (as OSRM, at 80% of the limit)', async (t) => {
  const map = await new AsciiMap('a---------b').way('ab', { highway: 'residential', maxspeed: '50' }).load();
  const route = map.route('a', 'b')!;
  t.ok(Math.abs(route.seconds - route.meters / (40 / 3.6)) < 0.5, `${route.seconds} s for ${route.meters} m`);
  const mph = await new AsciiMap('a---------b').way('ab', { highway: 'residential', maxspeed: '25 mph' }).load();
  const slow = mph.route('a', 'b')!;
  t.ok(Math.abs(slow.seconds - slow.meters / ((25 * 1.609344 * 0.8) / 3.6)) < 0.5);
});

t.test('main roads are slower inside a built-up area (near a place node) than outside', async (t) => {
  const rural = (await new AsciiMap('a---------b').way('ab', { highway: 'primary' }).load()).route('a', 'b')!;
  const urban = (await new AsciiMap('a---------b  t').way('ab', { highway: 'primary' }).node('t', { place: 'town' }).load()).route('a', 'b')!;
  t.ok(Math.abs(kmh(rural) - 65) < 0.5, `rural primary ${kmh(rural)} km/h`);
  t.ok(Math.abs(kmh(urban) - 50) < 0.5, `urban primary ${kmh(urban)} km/h`);
  const street = (await new AsciiMap('a---------b  t').way('ab', { highway: 'residential' }).node('t', { place: 'town' }).load()).route('a', 'b')!;
  t.ok(Math.abs(kmh(street) - 25) < 0.5, 'residential streets are 25 km/h everywhere');
});

t.test('poor surfaces cap the speed', async (t) => {
  const gravel = (await new AsciiMap('a---------b').way('ab', { highway: 'secondary', surface: 'gravel' }).load()).route('a', 'b')!;
  t.ok(Math.abs(kmh(gravel) - 40) < 0.5, `${kmh(gravel)} km/h on gravel`);
});
