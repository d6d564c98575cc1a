/**
 * One test server per test file for the planning operations over HTTP. The returned `call` posts a body with
 * wait=1, follows the task's redirects and returns the answer, throwing with the body unless it is a 200.
 */
import type tap from 'tap';
import { postFollowing } from './map-server.js';
import { startTestServer, type TestServer } from './test-server.js';

export type Json = Record<string, any>;
export type PlanningCall = (operation: string, body: unknown, query?: string) => Promise<Json>;

export function planningServer(t: Pick<typeof tap, 'before' | 'teardown'>): PlanningCall {
  let server: TestServer;
  t.before(async () => {
    server = await startTestServer();
  });
  t.teardown(() => server.close());
  return async (operation, body, query = '') => {
    const answer = await postFollowing(server, `/v1/${operation}?wait=1${query}`, body);
    if (answer.status !== 200) throw new Error(`${operation} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer.body;
  };
}
