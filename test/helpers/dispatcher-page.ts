/** Steps of the dispatcher's page as a user takes them, for the end-to-end tests. */
import type { Locator, Page } from 'playwright-core';
import { dispatcher } from './ui-server.js';

export async function logIn(page: Page): Promise<void> {
  const form = page.getByTestId('login');
  await form.locator('input[name=username]').fill(dispatcher.username);
  await form.locator('input[name=password]').fill(dispatcher.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.waitForSelector('#workspace:not([hidden])');
}

/** Resolves once the page runs no task (it marks the body while one runs). */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.body.dataset.busy === undefined, undefined, { timeout: 30_000 });
}

export async function loadExample(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Load the example' }).click();
  await page.waitForSelector('[data-testid="route-item"], [data-testid="idle-route-item"]');
  await settled(page);
}

export async function pasteProblem(page: Page, problem: unknown): Promise<void> {
  await page.locator('summary', { hasText: 'Paste a problem' }).click();
  await page.getByLabel('Problem JSON').fill(JSON.stringify(problem));
  await page.getByRole('button', { name: 'Load', exact: true }).click();
  await page.waitForSelector('[data-testid="route-item"]');
  await settled(page);
}

/** Each route's job ids in the order the route list shows them. */
export async function shownAssignment(page: Page): Promise<Record<string, string[]>> {
  return Object.fromEntries(await page.$$eval('[data-testid="route-item"]', (items) => items.map((item) => [
    (item as HTMLElement).dataset.routeId!,
    [...item.querySelectorAll<HTMLElement>('[data-job-id]')].map((row) => row.dataset.jobId!),
  ])));
}

export async function shownCost(page: Page): Promise<string> {
  return (await page.getByTestId('plan-cost').textContent()) ?? '';
}

/**
 * Drags one element onto another through the page's drag-and-drop events. Playwright's mouse drag scrolls the
 * target into view mid-drag, which moves the panel under the pointer; the events are what the page handles.
 */
export async function dragOnto(page: Page, source: Locator, target: Locator): Promise<void> {
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await source.dispatchEvent('dragstart', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
  await source.dispatchEvent('dragend', { dataTransfer });
  await settled(page);
}
