import { readFileSync } from 'node:fs';
import t, { type Test } from 'tap';
import { dragOnto, pasteProblem, settled, shownAssignment, shownCost } from '../helpers/dispatcher-page.js';
import { dealtAssignment, example, withAssignment, type Json } from '../helpers/example-plan.js';
import { uiTestbed } from '../helpers/ui-testbed.js';

const { skip, api, openLoggedIn } = await uiTestbed(t);

async function dealtPlanPage(t: Test) {
  const opened = await openLoggedIn(t);
  await pasteProblem(opened.page, withAssignment(dealtAssignment()));
  return opened;
}

t.test('dragging a job to another route, or within one, shows the cost /v1/evaluate answers; undo brings each plan back', { skip }, async (t) => {
  const { page, errors } = await dealtPlanPage(t);
  const dealt = await shownCost(page);
  const row = page.locator('[data-route-id="route-anna"] [data-job-id]').first();
  const jobId = (await row.getAttribute('data-job-id'))!;
  await dragOnto(page, row, page.locator('[data-route-id="route-chloe"] .route-head'));
  const moved = await shownAssignment(page);
  t.ok(moved['route-chloe']!.includes(jobId) && !moved['route-anna']!.includes(jobId), `${jobId} went from route-anna to route-chloe`);
  const afterMove = await shownCost(page);
  t.not(afterMove, dealt, 'the cost moved');
  t.equal(afterMove, await api.evaluatedCost(withAssignment(moved)), 'the cost is evaluate\'s');

  const ben = page.locator('[data-route-id="route-ben"] [data-job-id]');
  const last = (await ben.last().getAttribute('data-job-id'))!;
  await dragOnto(page, ben.last(), ben.first());
  const reordered = await shownAssignment(page);
  t.equal(reordered['route-ben']![0], last, 'the last job of route-ben is now its first');
  t.equal(await shownCost(page), await api.evaluatedCost(withAssignment(reordered)), 'the reordered plan costs what evaluate says');

  await page.getByRole('button', { name: 'Undo' }).click();
  t.equal(await shownCost(page), afterMove, 'undo: the plan before the reordering');
  await page.getByRole('button', { name: 'Undo' }).click();
  t.equal(await shownCost(page), dealt, 'undo again: the plan as pasted');
  t.same(errors, [], 'no console errors');
});

t.test('a job taken off its route is recommended slots and placed in one, or inserted where it costs least', { skip }, async (t) => {
  const { page, errors } = await dealtPlanPage(t);
  const takeOff = async (): Promise<string> => {
    const row = page.locator('[data-route-id="route-ben"] [data-job-id]').first();
    const jobId = (await row.getAttribute('data-job-id'))!;
    await dragOnto(page, row, page.locator('#unrouted'));
    return jobId;
  };
  const recommended = await takeOff();
  t.same(await page.getByTestId('unrouted-job').evaluateAll((rows) => rows.map((row) => (row as HTMLElement).dataset.jobId)), [recommended], 'the job is listed as unrouted');
  t.equal(await page.getByTestId('unrouted-marker').count(), 1, 'and set apart on the map');
  await page.getByTestId('unrouted-job').getByRole('button', { name: 'Recommend' }).click();
  await settled(page);
  const options = page.getByTestId('recommend-option');
  t.ok((await options.count()) >= 1 && (await options.count()) <= 3, `${await options.count()} slots offered`);
  await options.first().getByRole('button', { name: 'Place' }).click();
  await settled(page);
  const placed = await shownAssignment(page);
  t.ok(Object.values(placed).some((jobs) => jobs.includes(recommended)), 'placed on a route');
  t.equal(await shownCost(page), await api.evaluatedCost(withAssignment(placed)), 'the cost is evaluate\'s');

  const inserted = await takeOff();
  await page.getByTestId('unrouted-job').getByRole('button', { name: 'Insert' }).click();
  await settled(page);
  const after = await shownAssignment(page);
  t.ok(Object.values(after).some((jobs) => jobs.includes(inserted)), `${inserted} is inserted`);
  t.equal(await page.getByTestId('unrouted-job').count(), 0, 'nothing is left unrouted');
  t.equal(await shownCost(page), await api.evaluatedCost(withAssignment(after)), 'the cost is evaluate\'s');
  t.same(errors, [], 'no console errors');
});

t.test('the exported plan is the JSON the API takes, and costs what the page shows', { skip }, async (t) => {
  const { page } = await dealtPlanPage(t);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export plan' }).click();
  const exported = JSON.parse(readFileSync((await (await download).path())!, 'utf8')) as Json;
  t.same(exported.jobs, example.jobs, 'the jobs as loaded');
  t.equal(await api.evaluatedCost(exported), await shownCost(page), 'evaluate of the export costs what the page shows');
});

t.test('a plan that breaks a constraint is shown with its violations, not refused', { skip }, async (t) => {
  const { page } = await openLoggedIn(t);
  const overloaded = withAssignment({ 'route-anna': (example.jobs as Json[]).map((job) => job.id as string) });
  await pasteProblem(page, overloaded);
  const aggregates = await api.post('/v1/evaluate?wait=1&aggregate=1', overloaded);
  t.ok(aggregates.num_violations > 0, 'the API finds violations');
  t.equal(await page.locator('#total-violations').textContent(), String(aggregates.num_violations), 'the totals count the API\'s violations');
  const route = page.locator('[data-route-id="route-anna"]');
  t.match(await route.locator('.violation').textContent(), /exceeded load capacity/, 'the route lists its violation');
});

t.test('a job is moved by keyboard alone: Tab to its stop, Enter, choose the route and position, Move', { skip }, async (t) => {
  const { page, errors } = await dealtPlanPage(t);
  const row = page.locator('[data-route-id="route-anna"] [data-job-id]').first();
  const jobId = (await row.getAttribute('data-job-id'))!;
  await row.focus();
  await page.keyboard.press('Enter');
  await page.getByLabel('Route', { exact: true }).selectOption('route-ben');
  await page.getByLabel('Position').fill('2');
  await page.getByRole('button', { name: 'Move', exact: true }).focus();
  await page.keyboard.press('Enter');
  await settled(page);
  const moved = await shownAssignment(page);
  t.equal(moved['route-ben']![1], jobId, `${jobId} is route-ben's second job`);
  t.equal(await shownCost(page), await api.evaluatedCost(withAssignment(moved)), 'the cost is evaluate\'s');
  t.same(errors, [], 'no console errors');
});
