import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { browserSkip, launchBrowser, openPage, roadsDrawn } from '../helpers/browser.js';
import { loadExample, logIn, settled, shownAssignment, shownCost } from '../helpers/dispatcher-page.js';
import { postFollowing } from '../helpers/map-server.js';
import { compareWithReference } from '../helpers/png-compare.js';
import { dispatcher, startUiServer } from '../helpers/ui-server.js';

type Json = Record<string, any>;
const repository = join(import.meta.dirname, '../../..');
const example = JSON.parse(readFileSync(join(repository, 'ui/public/examples/demo-town.json'), 'utf8')) as Json;
const TOLERATED_SHARE = 0.01;

const skip = browserSkip();
const server = await startUiServer();
t.teardown(() => server.close());
const browser = skip ? undefined : await launchBrowser();
t.teardown(() => browser?.close());
// A colon in a Basic user name is written %3A (docs/api.md, Accounts and authentication).
const basic = server.basic(encodeURIComponent(dispatcher.username), dispatcher.password);

async function api(path: string, body?: unknown): Promise<Json> {
  if (body === undefined) return (await (await server.request(path, { headers: { authorization: basic } })).json()) as Json;
  const answer = await postFollowing({ ...server, request: (url, init = {}) => server.request(url, { ...init, headers: { authorization: basic } }) }, path, body);
  if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** What the API says the example costs with these routes. */
async function evaluatedCost(assignment: Record<string, string[]>): Promise<string> {
  const routes = (example.routes as Json[]).map((route) => ({ ...route, jobs: assignment[route.id] ?? [] }));
  const aggregates = await api('/v1/evaluate?wait=1&aggregate=1', { ...example, routes });
  return (aggregates.total_cost as number).toFixed(2);
}

t.test('a dispatcher logs in, builds the example and sees each used route with the cost the API answered', { skip }, async (t) => {
  const { page, errors } = await openPage(browser!, `${server.baseUrl}/ui`);
  await logIn(page);
  await loadExample(page);
  t.equal(await page.getByTestId('unrouted-job').count(), example.jobs.length, 'before planning every job is unrouted');
  const buildTask = page.waitForResponse((response) => response.url().endsWith('/v1/build') && response.request().method() === 'POST');
  await page.getByRole('button', { name: 'Build' }).click();
  const taskId = ((await (await buildTask).json()) as Json).task_id as string;
  await settled(page);

  const built = await api(`/v1/tasks/${taskId}/result`);
  const used = (built.routes as Json[]).filter((route) => route.stops.length > 0);
  const items = page.getByTestId('route-item');
  t.same(await items.evaluateAll((list) => list.map((item) => (item as HTMLElement).dataset.routeId)), used.map((route) => route.id), 'one route item per used route');
  t.same(await items.locator('.route-cost').allTextContents(), used.map((route) => (route.cost as number).toFixed(2)), 'each route costs what the build answered');
  const aggregates = await api(`/v1/tasks/${taskId}/result?aggregate=1`);
  t.equal(await shownCost(page), (aggregates.total_cost as number).toFixed(2), 'the total is the build\'s total_cost');
  const jobMarkers = used.reduce((sum, route) => sum + route.stops.filter((stop: Json) => stop.type === 'job').length, 0);
  t.equal(await page.getByTestId('stop-marker').count(), jobMarkers, 'a numbered marker per job stop');

  await page.getByTestId('stop-marker').first().click();
  await t.resolves(page.locator('#stop-details dt', { hasText: 'Arrival' }).waitFor(), 'a stop\'s details on click');
  t.same(errors, [], 'no console errors');
  await page.close();
});

t.test('a pasted plan is drawn as the reference shows it', { skip }, async (t) => {
  const { page, errors } = await openPage(browser!, `${server.baseUrl}/ui`);
  await logIn(page);
  const routes: Json[] = (example.routes as Json[]).map((route, index) => ({ ...route, jobs: (example.jobs as Json[]).filter((_, job) => job % 3 === index).map((job) => job.id) }));
  await page.locator('summary', { hasText: 'Paste a problem' }).click();
  await page.getByLabel('Problem JSON').fill(JSON.stringify({ ...example, routes }));
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await page.waitForSelector('[data-testid="route-item"]');
  await settled(page);
  await roadsDrawn(page);
  t.equal(await shownCost(page), await evaluatedCost(Object.fromEntries(routes.map((route) => [route.id, route.jobs]))), 'the pasted routes cost what evaluate says');
  t.ok(compareWithReference(await page.screenshot(), join(repository, 'test/ui/reference/plan.png')) < TOLERATED_SHARE, 'the page matches the reference');
  t.same(errors, [], 'no console errors');
  await page.close();
});
