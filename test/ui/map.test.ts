import { join } from 'node:path';
import t from 'tap';
import { roadsDrawn } from '../helpers/browser.js';
import { repository } from '../helpers/example-plan.js';
import { compareWithReference, decodePng, differingShare, drawnShare } from '../helpers/png-compare.js';
import { uiTestbed } from '../helpers/ui-testbed.js';

const reference = (name: string): string => join(repository, 'test/ui/reference', name);
/** Anti-aliasing may move; a missing street or style moves far more than this. */
const TOLERATED_SHARE = 0.01;

const { skip, server, open } = await uiTestbed(t);

t.test('a tile address that is not a tile is a 400 listing every bad part', async (t) => {
  const response = await server.request('/ui/tiles/23/x/-1', { auth: false });
  t.equal(response.status, 400);
  const body = (await response.json()) as { errors: Array<{ property: string; code: string }> };
  t.same(body.errors.map((error) => [error.property, error.code]), [
    ['path.z', 'value_out_of_range_error'], ['path.x', 'invalid_type_error'], ['path.y', 'invalid_type_error'],
  ]);
  t.equal((await server.request('/ui/tiles/2/4/0', { auth: false })).status, 400, 'x beyond the zoom\'s last tile');
});

t.test('a street-level tile of the demo town holds its roads by class, with names', async (t) => {
  const { bounds } = (await (await server.request('/ui/bounds', { auth: false })).json()) as { bounds: number[][] };
  const [[south, west], [north, east]] = bounds as [[number, number], [number, number]];
  t.ok(north > south && east > west && Math.abs((north + south) / 2 - 46) < 0.01, `bounds ${JSON.stringify(bounds)}`);
  const z = 16, lat = 46.0, lon = 8.0;
  const x = Math.floor(((lon + 180) / 360) * 2 ** z);
  const y = Math.floor(((1 - Math.log(Math.tan((lat * Math.PI) / 180) + 1 / Math.cos((lat * Math.PI) / 180)) / Math.PI) / 2) * 2 ** z);
  const tile = (await (await server.request(`/ui/tiles/${z}/${x}/${y}`, { auth: false })).json()) as { classes: string[]; names: string[]; roads: number[][] };
  t.ok(tile.names.includes('Main Street') && tile.names.includes('Market Avenue'), `names ${tile.names.join(', ')}`);
  const classes = new Set(tile.roads.map((road) => tile.classes[road[0]!]));
  t.ok(classes.has('primary') && classes.has('secondary') && classes.has('residential'), [...classes].join(', '));
  const far = (await (await server.request('/ui/tiles/16/0/0', { auth: false })).json()) as { roads: unknown[] };
  t.same(far.roads, [], 'a tile away from the map is empty');
  const low = (await (await server.request(`/ui/tiles/10/${x >> 6}/${y >> 6}`, { auth: false })).json()) as { classes: string[]; roads: number[][] };
  t.same([...new Set(low.roads.map((road) => low.classes[road[0]!]))], ['trunk'], 'at zoom 10 only the ring road (trunk) is drawn');
});

t.test('the page draws the demo town\'s roads as the reference shows them', { skip }, async (t) => {
  const { page, errors } = await open(t);
  await roadsDrawn(page);
  const shot = await page.getByTestId('map').screenshot();
  t.ok(drawnShare(decodePng(shot)) > 0.1, 'roads cover a good part of the map');
  t.ok(compareWithReference(shot, reference('map.png')) < TOLERATED_SHARE, 'the map matches the reference');

  await page.addStyleTag({ content: '.leaflet-tile-pane { visibility: hidden; }' });
  const blank = await page.getByTestId('map').screenshot();
  t.ok(differingShare(decodePng(blank), decodePng(shot)) > TOLERATED_SHARE, 'a map without its roads does not pass as the reference');
  t.same(errors, [], 'no console errors');
});
