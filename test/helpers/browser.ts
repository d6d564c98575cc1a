/**
 * Debian's chromium driven by playwright-core for the page's end-to-end tests: headless, no sandbox, nothing
 * downloaded. When the binary is missing the test is skipped with a message, unless FLEETROUTE_REQUIRE_BROWSER=1
 * (CI sets it) makes that a failure.
 */
import { spawnSync } from 'node:child_process';
import { chromium, type Browser, type Page } from 'playwright-core';

const executablePath = process.env.FLEETROUTE_CHROMIUM ?? '/usr/bin/chromium';

/** false when chromium can run here, otherwise the reason to skip; throws when CI requires it. */
export function browserSkip(): false | string {
  const found = spawnSync(executablePath, ['--version'], { stdio: 'ignore' }).status === 0;
  if (found) return false;
  if (process.env.FLEETROUTE_REQUIRE_BROWSER === '1') throw new Error(`FLEETROUTE_REQUIRE_BROWSER=1 but ${executablePath} cannot run`);
  return `${executablePath} is not installed (apt-get install chromium)`;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath, args: ['--no-sandbox', '--font-render-hinting=none'], headless: true });
}

/** A page at 1280 × 800 that records every console error and uncaught exception. */
export async function openPage(browser: Browser, url: string): Promise<{ page: Page; errors: string[] }> {
  // A fixed zone and locale, so that times are written the same on every machine.
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1, timezoneId: 'UTC', locale: 'en-GB' });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  return { page, errors };
}

/** Resolves once every road tile in view has been drawn. */
export async function roadsDrawn(page: Page): Promise<void> {
  await page.waitForSelector('[data-testid="map"][data-tiles="loaded"]');
}
