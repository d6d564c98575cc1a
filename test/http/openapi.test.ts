// /docs documents every endpoint: body, query, path parameters and answers, from the schemas that validate.
import t from 'tap';
import { problemSchema } from '../../src/problem/schema/problem.js';
import { answerSchemaOf, undocumented } from '../helpers/documented-fields.js';
import { at } from '../helpers/routing-map.js';
import { postExpectingOk, squareTown, startMapServer } from '../helpers/map-server.js';
import type { TestServer } from '../helpers/test-server.js';

type Json = Record<string, any>;
let server: TestServer;
let document: { paths: Record<string, Record<string, Json>> };

t.before(async () => {
  server = await startMapServer(squareTown);
  document = (await (await server.request('/docs/json', { auth: false })).json()) as typeof document;
});
t.teardown(() => server.close());

const productPaths = () => Object.entries(document.paths).filter(([path]) => !path.startsWith('/v1/test_'));
const bodySchema = (path: string) => document.paths[path]!.post!.requestBody?.content?.['application/json']?.schema as Json | undefined;
const answerSchema = (path: string, method = 'post') => answerSchemaOf(document, path, method);

t.test('every endpoint documents its answers, its errors as error_response, and every POST its body', async (t) => {
  for (const [path, methods] of productPaths()) {
    for (const [method, operation] of Object.entries(methods)) {
      const responses = operation.responses as Json;
      t.ok(responses['200']?.content?.['application/json']?.schema, `${method} ${path}: 200 schema`);
      t.ok(responses['401']?.content?.['application/json']?.schema?.properties?.error_code, `${method} ${path}: 401 error_response`);
      if (method === 'post' && !path.endsWith('/cancel')) t.ok(bodySchema(path), `${method} ${path}: request body`);
    }
  }
  for (const path of ['/v1/build', '/v1/optimize', '/v1/sequence', '/auth/login']) t.ok(bodySchema(path), `${path} has its body`);
});

t.test('task operations and task endpoints document their query and path parameters', async (t) => {
  const parameters = (path: string, method: string) => ((document.paths[path]![method]!.parameters ?? []) as Json[]).map((p) => `${p.in}:${p.name}`);
  for (const path of ['/v1/evaluate', '/v1/build', '/v1/recommend', '/v1/centroids']) t.ok(parameters(path, 'post').includes('query:wait'), `${path} wait`);
  t.ok(parameters('/v1/build', 'post').includes('query:aggregate'), 'a plan operation documents aggregate');
  t.same(parameters('/v1/tasks/{id}', 'get').sort(), ['path:id', 'query:after']);
  t.same(parameters('/v1/tasks', 'get').sort(), ['query:limit', 'query:status']);
  t.ok(parameters('/v1/tasks/{id}/result', 'get').includes('query:wait'));
});

t.test('a planning body is documented by the schema problems are validated with', async (t) => {
  for (const path of ['/v1/evaluate', '/v1/build', '/v1/optimize', '/v1/sequence', '/v1/centroids']) {
    t.same(Object.keys(bodySchema(path)!.properties).sort(), Object.keys(problemSchema.properties).sort(), path);
  }
});

t.test('every field of real answers is documented', async (t) => {
  const plan = await postExpectingOk(t, server, '/v1/evaluate?wait=1', {
    jobs: [{ id: 'j', location: at(squareTown, 'c'), time_window: { start: '08:00', end: '08:01' } }],
    routes: [{ id: 'r', date: '2026-11-24', location: at(squareTown, 'a'), jobs: ['j'] }],
  });
  const planSchema = answerSchema('/v1/evaluate').oneOf[0] as Json;
  t.same(undocumented(plan, planSchema, 'evaluate'), []);
  const path = await postExpectingOk(t, server, '/v1/path', { routes: [{ routing_options: { return_path: true }, stops: [{ location: at(squareTown, 'a') }, { location: at(squareTown, 'f') }] }] });
  t.same(undocumented(path, answerSchema('/v1/path'), 'path'), []);
  const tasks = await (await server.request('/v1/tasks')).json();
  t.same(undocumented(tasks, answerSchema('/v1/tasks', 'get'), 'tasks'), []);
});
