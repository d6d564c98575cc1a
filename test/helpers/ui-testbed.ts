/**
 * What every test file of the dispatcher's page starts with: a server on the demo town, chromium (or the reason
 * it is skipped), the API as the dispatcher, and pages that are closed when their test ends.
 */
import type tap from 'tap';
import type { Test } from 'tap';
import type { Page } from 'playwright-core';
import { browserSkip, launchBrowser, openPage } from './browser.js';
import { logIn } from './dispatcher-page.js';
import { dispatcherApi } from './example-plan.js';
import type { TestServer } from './test-server.js';
import { startUiServer } from './ui-server.js';

export interface UiTestbed {
  /** The tests' skip option: false, or why chromium cannot run. */
  skip: false | string;
  server: TestServer;
  api: ReturnType<typeof dispatcherApi>;
  /** The page at /ui with the console errors it logs. */
  open(t: Test): Promise<{ page: Page; errors: string[] }>;
  /** The page at /ui, logged in as the dispatcher. */
  openLoggedIn(t: Test): Promise<{ page: Page; errors: string[] }>;
}

export async function uiTestbed(t: Pick<typeof tap, 'teardown'>): Promise<UiTestbed> {
  const skip = browserSkip();
  const server = await startUiServer();
  t.teardown(() => server.close());
  const browser = skip ? undefined : await launchBrowser();
  t.teardown(() => browser?.close());
  const open = async (test: Test) => {
    if (!browser) throw new Error('chromium is not running: the test should have been skipped');
    const opened = await openPage(browser, `${server.baseUrl}/ui`);
    test.teardown(() => opened.page.close());
    return opened;
  };
  return {
    skip,
    server,
    api: dispatcherApi(server),
    open,
    async openLoggedIn(test) {
      const opened = await open(test);
      await logIn(opened.page);
      return opened;
    },
  };
}
