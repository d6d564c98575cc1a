/** A server on the demo town, with its map and geocoder, and a session account for the dispatcher's page. */
import { productResourceLoaders } from '../../src/server/resource-loaders.js';
import { startTestServer, type TestServer } from './test-server.js';

/** Session ids go to accounts whose name has a colon (docs/api.md, Accounts and authentication). */
export const dispatcher = { username: 'depot:dispatcher', password: 'open sesame dispatch' };

export async function startUiServer(): Promise<TestServer> {
  return startTestServer({ resourceLoaders: await productResourceLoaders(), accounts: [dispatcher] });
}
