import { join } from 'node:path';
import t, { type Test } from 'tap';
import { roadsDrawn } from '../helpers/browser.js';
import { repository, type Json } from '../helpers/example-plan.js';
import { compareWithReference } from '../helpers/png-compare.js';
import { uiTestbed } from '../helpers/ui-testbed.js';

const TOLERATED_SHARE = 0.01;
const DEPARTURE = '2026-03-02T08:00';

const { skip, api, openLoggedIn } = await uiTestbed(t);

async function tripPage(t: Test) {
  const opened = await openLoggedIn(t);
  await opened.page.getByRole('tab', { name: 'Route a trip' }).click();
  await roadsDrawn(opened.page);
  return opened;
}

t.test('an address of the demo town typed in the search box is marked where the geocoder puts it', { skip }, async (t) => {
  const { page, errors } = await tripPage(t);
  const query = '7 Linden Street';
  const answer = await api.post('/v1/geocode?wait=1', { addresses: [{ query, country: 'CH' }] });
  const expected = (answer.geocoded_locations as Json[])[0]!.suggestions[0] as Json;
  await page.getByTestId('geocode-input').pressSequentially(query, { delay: 20 });
  const first = page.getByTestId('geocode-suggestion').first();
  t.equal(await first.textContent(), expected.formatted_address, 'the first suggestion is the geocoder\'s best');
  await page.getByTestId('geocode-input').press('ArrowDown');
  await page.getByTestId('geocode-input').press('Enter');
  const marker = page.getByTestId('geocode-marker');
  t.equal(`${await marker.getAttribute('data-lat')},${await marker.getAttribute('data-lon')}`, expected.location, 'the marker is at the suggestion\'s location');
  t.same(errors, [], 'no console errors');
});

t.test('two clicked points are routed as /v1/path routes them, with each leg and traffic\'s effect', { skip }, async (t) => {
  const { page, errors } = await tripPage(t);
  const map = page.getByTestId('map');
  await map.click({ position: { x: 200, y: 200 } });
  await map.click({ position: { x: 620, y: 600 } });
  const markers = page.getByTestId('trip-marker');
  t.equal(await markers.count(), 2, 'a stop per click');
  const stops = await markers.evaluateAll((list) => list.map((marker) => ({ location: `${(marker as HTMLElement).dataset.lat},${(marker as HTMLElement).dataset.lon}` })));
  await page.getByLabel('Vehicle').selectOption('truck');
  await page.getByLabel('Departure').fill(DEPARTURE);
  await page.getByRole('button', { name: 'Route', exact: true }).click();
  await page.getByTestId('trip-leg').first().waitFor();
  t.equal(await page.getByTestId('trip-leg').count(), 1, 'one leg between two stops');

  const routing_options = { route_with_traffic: true, routing_date_time: `${DEPARTURE}:00Z` };
  const expected = await api.post('/v1/path', { routes: [{ vehicle: { vehicle_type: 'truck' }, routing_options, stops }] });
  const route = (expected.routes as Json[])[0]!;
  const summary = (await page.getByTestId('trip-summary').textContent()) ?? '';
  t.ok(summary.startsWith(`${(route.distance_meters / 1000).toFixed(1)} km, ${(route.driving_time as string).slice(0, 5)} with traffic (`), `${summary} for ${route.distance_meters} m, ${route.driving_time}`);
  t.ok(compareWithReference(await page.screenshot(), join(repository, 'test/ui/reference/trip.png')) < TOLERATED_SHARE, 'the page matches the reference');
  t.same(errors, [], 'no console errors');
});
