import { join } from 'node:path';
import t from 'tap';
import { roadsDrawn } from '../helpers/browser.js';
import { loadExample, pasteProblem, settled, shownCost } from '../helpers/dispatcher-page.js';
import { dealtAssignment, example, repository, withAssignment, type Json } from '../helpers/example-plan.js';
import { compareWithReference } from '../helpers/png-compare.js';
import { uiTestbed } from '../helpers/ui-testbed.js';

const TOLERATED_SHARE = 0.01;

const { skip, api, openLoggedIn } = await uiTestbed(t);

t.test('a dispatcher logs in, builds the example and sees each used route with the cost the API answered', { skip }, async (t) => {
  const { page, errors } = await openLoggedIn(t);
  await loadExample(page);
  t.equal(await page.getByTestId('unrouted-job').count(), example.jobs.length, 'before planning every job is unrouted');
  t.equal(await page.locator('#total-unrouted').textContent(), String(example.jobs.length), 'and the totals count them');
  const buildTask = page.waitForResponse((response) => response.url().endsWith('/v1/build') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Build' }).click();
  const taskId = ((await (await buildTask).json()) as Json).task_id as string;
  await settled(page);

  const built = await api.get(`/v1/tasks/${taskId}/result`);
  const used = (built.routes as Json[]).filter((route) => route.stops.length > 0);
  const items = page.getByTestId('route-item');
  t.same(await items.evaluateAll((list) => list.map((item) => (item as HTMLElement).dataset.routeId)), used.map((route) => route.id), 'one route item per used route');
  t.same(await items.locator('.route-cost').allTextContents(), used.map((route) => (route.cost as number).toFixed(2)), 'each route costs what the build answered');
  const aggregates = await api.get(`/v1/tasks/${taskId}/result?aggregate=1`);
  t.equal(await shownCost(page), (aggregates.total_cost as number).toFixed(2), 'the total is the build\'s total_cost');
  const jobMarkers = used.reduce((sum, route) => sum + route.stops.filter((stop: Json) => stop.type === 'job').length, 0);
  t.equal(await page.getByTestId('stop-marker').count(), jobMarkers, 'a numbered marker per job stop');

  await page.getByTestId('stop-marker').first().click();
  await t.resolves(page.locator('#stop-details dt', { hasText: 'Arrival' }).waitFor(), 'a stop\'s details on click');
  t.same(errors, [], 'no console errors');
});

t.test('a pasted plan is drawn as the reference shows it', { skip }, async (t) => {
  const { page, errors } = await openLoggedIn(t);
  const plan = withAssignment(dealtAssignment());
  await pasteProblem(page, plan);
  await roadsDrawn(page);
  t.equal(await shownCost(page), await api.evaluatedCost(plan), 'the pasted routes cost what evaluate says');
  t.ok(compareWithReference(await page.screenshot(), join(repository, 'test/ui/reference/plan.png')) < TOLERATED_SHARE, 'the page matches the reference');
  t.same(errors, [], 'no console errors');
});
