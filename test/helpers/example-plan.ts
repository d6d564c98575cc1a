/** The page's bundled example problem of the demo town, plans of it, and what the API says they cost. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { postFollowing } from './map-server.js';
import type { TestServer } from './test-server.js';
import { dispatcher } from './ui-server.js';

export type Json = Record<string, any>;
export type Assignment = Record<string, string[]>;

export const repository = join(import.meta.dirname, '../../..');
export const example = JSON.parse(readFileSync(join(repository, 'ui/public/examples/demo-town.json'), 'utf8')) as Json;

export function withAssignment(assignment: Assignment): Json {
  return { ...example, routes: (example.routes as Json[]).map((route) => ({ ...route, jobs: assignment[route.id] ?? [] })) };
}

/** The example's jobs dealt to its routes in turn: a fixed plan, unlike a build's. */
export function dealtAssignment(): Assignment {
  const routes = example.routes as Json[];
  return Object.fromEntries(routes.map((route, index) => [route.id, (example.jobs as Json[]).filter((_, job) => job % routes.length === index).map((job) => job.id as string)]));
}

/** The API as the dispatcher's account, with Basic credentials (a colon in the user name is written %3A). */
export function dispatcherApi(server: TestServer) {
  const authorization = server.basic(encodeURIComponent(dispatcher.username), dispatcher.password);
  const asDispatcher: TestServer = { ...server, request: (path, init = {}) => server.request(path, { ...init, headers: { authorization } }) };
  return {
    async get(path: string): Promise<Json> {
      return (await (await asDispatcher.request(path)).json()) as Json;
    },
    async post(path: string, body: unknown): Promise<Json> {
      const answer = await postFollowing(asDispatcher, path, body);
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      return answer.body;
    },
    /** total_cost of evaluate, as the page writes it. */
    async evaluatedCost(problem: Json): Promise<string> {
      const aggregates = await this.post('/v1/evaluate?wait=1&aggregate=1', problem);
      return (aggregates.total_cost as number).toFixed(2);
    },
  };
}
