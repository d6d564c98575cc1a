/**
 * One test server per test file for the planning operations over HTTP. The returned `call` posts a body with
 * wait=1, follows the task's redirects and returns the answer, throwing with the body unless it is a 200.
 */
import type tap from 'tap';
import type { Test } from 'tap';
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

/**
 * Plans with return_request, checks that evaluate of the returned request answers the same numbers and stops,
 * and returns the returned request (routes with their stops and `response`).
 */
export async function planAndEvaluate(t: Test, call: PlanningCall, operation: string, body: Json): Promise<Json> {
  const planned = await call(operation, { ...body, return_request: true });
  const evaluated = await call('evaluate', planned);
  t.same(evaluated.routes.map((route: Json) => route.response), planned.routes.map((route: Json) => route.response), `evaluate of the ${operation} result gives the same route costs`);
  t.same(evaluated.routes.map((route: Json) => route.stops), planned.routes.map((route: Json) => route.stops), `evaluate of the ${operation} result gives the same stops`);
  return planned;
}
