import t from 'tap';
import { formatLatLon, parseLatLon } from '../../src/conventions/latlon.js';

t.test('a latlon with or without a space after the comma parses to the same point', async (t) => {
  t.same(parseLatLon('43.7384,7.4246'), { ok: true, value: { lat: 43.7384, lon: 7.4246 } });
  t.same(parseLatLon('43.7384, 7.4246'), { ok: true, value: { lat: 43.7384, lon: 7.4246 } });
});

t.test('a latlon is written without a space and with six decimals', async (t) => {
  t.equal(formatLatLon({ lat: 43.7384, lon: -7.5 }), '43.738400,-7.500000');
  t.equal(formatLatLon({ lat: -0.0000001, lon: 0 }), '0.000000,0.000000');
});

t.test('latitudes beyond ±90 and longitudes beyond ±180 are invalid_latlon_error', async (t) => {
  for (const text of ['91,0', '-90.5,0', '0,180.1', '0,-181']) {
    const result = parseLatLon(text);
    t.equal(result.ok ? 'ok' : result.fault.code, 'invalid_latlon_error', text);
  }
  t.ok(parseLatLon('90,180').ok);
});

t.test('text that is not two numbers separated by a comma is invalid_latlon_error', async (t) => {
  for (const value of ['43.7', '43.7;7.4', 'a,b', '', 43.7, null, ['43.7', '7.4']]) {
    const result = parseLatLon(value);
    t.equal(result.ok ? 'ok' : result.fault.code, 'invalid_latlon_error', JSON.stringify(value));
  }
});
