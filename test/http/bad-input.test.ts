// Seeded bad bodies against every POST endpoint of one real server with the demo town: whatever arrives, the
// answer is a well-formed error_response (or a result), never a 5xx, a hang or a dead server.
// Replay a failure with FLEETROUTE_FUZZ_SEED=<seed printed in the failure>.
import t, { type Test } from 'tap';
import { errorCodes } from '../../src/errors.js';
import { operationModules } from '../../src/operations/registry.js';
import { productResourceLoaders } from '../../src/server/resource-loaders.js';
import {
  bodyText, describePath, junk, pick, schemaPaths, seededRandom, valuePaths, withValueAt,
  type FieldPath, type Json,
} from '../helpers/junk-bodies.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { jobs, quick, validBodies } from '../helpers/valid-bodies.js';

const seed = Number(process.env.FLEETROUTE_FUZZ_SEED ?? 20261122);
/** Cases per endpoint: documented fields set to junk, then random fields of the valid body replaced by junk. */
const FIELD_CASES = 240;
const MUTATION_CASES = 200;
/** Far above any answer to these tiny requests; reaching it means the service hung. */
const HANG_MS = 30_000;
const PARALLEL = 3;

const geostreamCodes = new Set(['geostream_error', 'geostream_exceeded_maximum_retries', 'geostream_unavailable']);

interface Answer { status: number; body: unknown }

let server: TestServer;
const kinds = new Map<string, 'task' | 'sync'>();
const schemas = new Map<string, Record<string, unknown> | undefined>();

t.before(async () => {
  // Junk may ask for the longest search allowed; the cap keeps every accepted plan to a second.
  server = await startTestServer({ resourceLoaders: await productResourceLoaders(), env: { FLEETROUTE_MAX_TIME_LIMIT_SECONDS: '1' } });
  for (const [name, load] of Object.entries(operationModules)) {
    const { operation } = await load();
    kinds.set(name, operation.kind);
    schemas.set(name, operation.requestSchema);
  }
});
t.teardown(() => server.close());

/** POSTs raw body text, following wait=1 redirects to the final answer, within the hang limit. */
async function post(endpoint: string, text: string): Promise<Answer> {
  const signal = AbortSignal.timeout(HANG_MS);
  const query = kinds.get(endpoint) === 'task' ? '?wait=1' : '';
  let response = await server.request(`/v1/${endpoint}${query}`, { method: 'POST', body: text, headers: { 'content-type': 'application/json' }, signal });
  while (response.status === 302) {
    await response.body?.cancel();
    response = await server.request(response.headers.get('location')!, { signal });
  }
  const raw = await response.text();
  let body: unknown = raw;
  try { body = JSON.parse(raw); } catch { /* kept as text: the shape check reports it */ }
  return { status: response.status, body };
}

/** What is wrong with an answer to a bad body, or undefined when it is a result or a proper error_response. */
function problemWith(endpoint: string, { status, body }: Answer): string | undefined {
  if (status === 200) return undefined;
  const error = body as { status_code?: unknown; error_code?: unknown; message?: unknown; errors?: unknown; extra_error_information?: { validation_failures_count?: unknown } };
  if (!error || typeof error !== 'object') return `status ${status} without a JSON error_response`;
  const code = String(error.error_code);
  const geostream = status === 500 && geostreamCodes.has(code) && endpoint.endsWith('geocode');
  if (status >= 500 && !geostream) return `server error ${status} ${code}`;
  if (error.status_code !== status) return `status_code ${String(error.status_code)} differs from HTTP ${status}`;
  if (errorCodes[code as keyof typeof errorCodes] !== status) return `error_code ${code} is not the code of status ${status}`;
  if (typeof error.message !== 'string' || !error.message) return 'no message';
  if (code !== 'validation_failed_error') return undefined;
  if (!Array.isArray(error.errors) || error.errors.length === 0) return 'a validation failure without errors';
  const faults = error.errors as Array<{ property?: unknown; code?: unknown; message?: unknown }>;
  const bad = faults.find((fault) => typeof fault.property !== 'string' || !fault.property.startsWith('request') || typeof fault.code !== 'string' || typeof fault.message !== 'string');
  if (bad) return `malformed validation_error ${JSON.stringify(bad).slice(0, 300)}`;
  if (error.extra_error_information?.validation_failures_count !== faults.length) return 'validation_failures_count differs from errors.length';
  return undefined;
}

interface Case { label: string; text: string }

function topLevelCases(): Case[] {
  const values: Json[] = [null, 0, 42, 'text', [], [{}], true, {}];
  return [
    ...values.map((value) => ({ label: `top level ${JSON.stringify(value)}`, text: JSON.stringify(value) })),
    { label: 'empty body text', text: '' },
    { label: 'truncated JSON', text: '{"routes": [' },
    { label: 'prototype pollution keys', text: '{"__proto__": {"routes": 1}, "constructor": {"prototype": {"x": 1}}}' },
  ];
}

function fieldCases(endpoint: string, random: () => number): Case[] {
  const paths = schemaPaths((schemas.get(endpoint) ?? schemas.get('evaluate')) as Parameters<typeof schemaPaths>[0]);
  return Array.from({ length: FIELD_CASES }, () => junkCase(validBodies[endpoint]!, pick(random, paths), random));
}

/** One to three fields of the valid body replaced, where arrays may also get several junk elements. */
function mutationCases(endpoint: string, random: () => number): Case[] {
  const valid = validBodies[endpoint]!;
  const paths = valuePaths(valid);
  return Array.from({ length: MUTATION_CASES }, () => {
    let body: Json = valid;
    const labels: string[] = [];
    for (let count = 1 + Math.floor(random() * 3); count > 0; count--) {
      const path = pick(random, paths);
      const value: Json = random() < 0.25 ? Array.from({ length: 1 + Math.floor(random() * 4) }, () => junk(random)) : junk(random);
      body = withValueAt(body, path, value);
      labels.push(labelOf(path, value));
    }
    return { label: labels.join(', '), text: bodyText(body) };
  });
}

function labelOf(path: FieldPath, value: Json): string {
  const shown = JSON.stringify(value)?.slice(0, 80) ?? String(value);
  return `${describePath(path)} = ${shown}`;
}

function junkCase(valid: Json, path: FieldPath, random: () => number): Case {
  const value = junk(random);
  return { label: labelOf(path, value), text: bodyText(withValueAt(valid, path, value)) };
}

async function runCases(t: Test, endpoint: string, cases: Case[]): Promise<void> {
  const failures: string[] = [];
  let next = 0;
  const runOne = async (): Promise<void> => {
    for (let index = next++; index < cases.length; index = next++) {
      const { label, text } = cases[index]!;
      let verdict: string | undefined;
      try {
        verdict = problemWith(endpoint, await post(endpoint, text));
      } catch (error) {
        verdict = `no answer: ${(error as Error).message}`;
      }
      if (verdict) failures.push(`${endpoint} seed ${seed} case ${index}: ${label} → ${verdict}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, runOne));
  t.same(failures, [], `${cases.length} bad bodies to /v1/${endpoint} answered properly (seed ${seed})`);
}

t.test('build, optimize and sequence without any route answer with every job unassigned instead of a 500', async (t) => {
  for (const endpoint of ['build', 'optimize', 'sequence']) {
    for (const routes of [[], null]) {
      const answer = await post(endpoint, JSON.stringify({ jobs, routes, settings: quick }));
      t.equal(answer.status, 200, `${endpoint} with routes ${JSON.stringify(routes)}: ${JSON.stringify(answer.body).slice(0, 200)}`);
      const body = answer.body as { routes?: unknown[]; unrouted_jobs?: unknown[] };
      t.same(body.routes, [], `${endpoint}: no routes answered`);
      if (endpoint !== 'sequence') t.equal(body.unrouted_jobs?.length, jobs.length, `${endpoint}: every job unrouted`);
    }
  }
});

for (const endpoint of Object.keys(operationModules)) {
  t.test(`/v1/${endpoint} answers every bad body with an error_response and keeps serving`, async (t) => {
    const valid = await post(endpoint, JSON.stringify(validBodies[endpoint]));
    t.equal(valid.status, 200, `the minimal valid body is accepted: ${JSON.stringify(valid.body).slice(0, 300)}`);
    const random = seededRandom(seed ^ [...endpoint].reduce((hash, char) => Math.imul(hash, 31) + char.charCodeAt(0), 7));
    await runCases(t, endpoint, [...topLevelCases(), ...fieldCases(endpoint, random), ...mutationCases(endpoint, random)]);
    const health = await server.request('/health', { auth: false });
    t.equal(health.status, 200, 'the server is still healthy');
  });
}

t.test('junk in urls, queries and headers is answered with an error_response or a result, never a 5xx', async (t) => {
  const body = JSON.stringify(validBodies.evaluate);
  const requests: Array<[method: string, path: string, body?: string, headers?: Record<string, string>]> = [
    ['POST', '/v1/evaluate?wait=1&wait=0', body],
    ['POST', '/v1/evaluate?wait[]=1', body],
    ['POST', '/v1/evaluate?wait=1&aggregate=1&aggregate=x', body],
    ['POST', '/v1/evaluate?wait=1&cancel_on_disconnect=perhaps', body],
    ['POST', '/v1/evaluate?wait=1', body, { accept: 'application/x-msgpack' }],
    ['POST', '/v1/evaluate?wait=1', body, { 'content-type': 'application/json; charset=latin1' }],
    ['POST', '/v1/evaluate?wait=1', body, { 'content-type': 'application/json-patch+json' }],
    ['POST', '/v1/evaluate?wait=1', `\ufeff${body}`],
    ['GET', '/v1/tasks/%00/result?wait=1'],
    ['GET', `/v1/tasks/${'x'.repeat(5_000)}/result`],
    ['GET', '/v1/tasks/%zz/result'],
    ['GET', '/v1/tasks?limit=1e999&status=queued'],
    ['GET', '/v1/tasks?after=garbage'],
    ['GET', '/v1/tasks/abc?after=2026-99-99'],
    ['POST', '/v1/tasks/abc/cancel', 'null'],
  ];
  for (const [method, path, text, headers] of requests) {
    const response = await server.request(path, { method, headers: { 'content-type': 'application/json', ...headers }, ...(text !== undefined && { body: text }) });
    const raw = await response.text();
    let parsed: unknown = raw;
    try { parsed = JSON.parse(raw); } catch { /* a MessagePack result stays text */ }
    t.equal(problemWith('', { status: response.status, body: parsed }), undefined, `${method} ${path.slice(0, 60)} ${JSON.stringify(headers ?? {})} → ${response.status}`);
  }
});

t.test('every endpoint the registry publishes has a valid body here', async (t) => {
  t.same(Object.keys(operationModules).filter((name) => !(name in validBodies)), []);
});
