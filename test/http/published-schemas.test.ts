// The body schema /docs publishes for each endpoint is the one that validates it: a body that schema rejects,
// with a field of the wrong kind or a required field left out, is answered 400 with a fault at every path the
// schema names, and every small valid body of the endpoint passes the published schema.
import t from 'tap';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { productResourceLoaders } from '../../src/server/resource-loaders.js';
import { describePath, schemaPaths, valuePaths, withValueAt, type FieldPath, type Json } from '../helpers/junk-bodies.js';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { validBodies } from '../helpers/valid-bodies.js';

type Schema = { type?: unknown; properties?: Record<string, Schema>; items?: Schema; required?: string[] };
interface Case { label: string; body: Json; rejectedAt: string[] }

const bodies: Record<string, Json> = {
  ...Object.fromEntries(Object.entries(validBodies).map(([name, body]) => [`/v1/${name}`, body])),
  '/auth/login': { username: 'dispatch:anna', password: 'secret', application: 'session' },
};
/** Tried in turn at each field until the published schema rejects one there. */
const wrongValues: Json[] = [{}, [], 'not a value', -1.5, true];
const PARALLEL = 3;

let server: TestServer;
let document: { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>> };
const ajv = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true });

t.before(async () => {
  server = await startTestServer({ resourceLoaders: await productResourceLoaders() });
  document = (await (await server.request('/docs/json', { auth: false })).json()) as typeof document;
});
t.teardown(() => server.close());

function publishedSchema(path: string): Schema {
  return document.paths[path]!.post!.requestBody!.content['application/json']!.schema;
}

function errorPath(error: ErrorObject): string {
  const segments: FieldPath = error.instancePath.split('/').slice(1).map((segment) => {
    const key = segment.replace(/~1/g, '/').replace(/~0/g, '~');
    return /^\d+$/.test(key) ? Number(key) : key;
  });
  if (error.keyword === 'required') segments.push((error.params as { missingProperty: string }).missingProperty);
  return describePath(segments);
}

function rejectedPaths(validate: ValidateFunction, body: Json): string[] {
  return validate(body) ? [] : [...new Set((validate.errors ?? []).map(errorPath))];
}

function valueAt(body: Json, path: FieldPath): Json | undefined {
  return path.reduce<Json | undefined>((value, key) => (value as Record<string | number, Json> | undefined)?.[key], body);
}

function schemaAt(schema: Schema | undefined, path: FieldPath): Schema | undefined {
  return path.reduce<Schema | undefined>((at, key) => (typeof key === 'number' ? at?.items : at?.properties?.[key]), schema);
}

/** A field of the valid body (or of an object it has) set to the first value the schema rejects there. */
function wrongKindCases(schema: Schema, valid: Json, validate: ValidateFunction): Case[] {
  const present = new Set(valuePaths(valid).map((path) => JSON.stringify(path)));
  return schemaPaths(schema, 3).filter((path) => present.has(JSON.stringify(path.slice(0, -1)))).flatMap((path) => {
    for (const value of wrongValues) {
      const body = withValueAt(valid, path, value);
      const rejectedAt = rejectedPaths(validate, body);
      if (rejectedAt.includes(describePath(path))) return [{ label: `${describePath(path)} = ${JSON.stringify(value)}`, body, rejectedAt }];
    }
    return [];
  });
}

/** Each required field of each object of the valid body left out. */
function missingFieldCases(schema: Schema, valid: Json, validate: ValidateFunction): Case[] {
  return valuePaths(valid).flatMap((path) => {
    const object = valueAt(valid, path);
    if (!object || typeof object !== 'object' || Array.isArray(object)) return [];
    return (schemaAt(schema, path)?.required ?? []).map((name) => {
      const { [name]: _left, ...rest } = object;
      const body = withValueAt(valid, path, rest);
      return { label: `${describePath([...path, name])} left out`, body, rejectedAt: rejectedPaths(validate, body) };
    });
  });
}

async function faultPaths(path: string, body: Json): Promise<{ status: number; properties: string[] }> {
  const response = await server.request(path, { method: 'POST', json: body, auth: !path.startsWith('/auth/') });
  const answer = (await response.json()) as { errors?: { property: string }[] };
  return { status: response.status, properties: (answer.errors ?? []).map((error) => error.property) };
}

for (const [path, valid] of Object.entries(bodies)) {
  t.test(`${path} rejects what its published schema rejects, at the same paths`, async (t) => {
    const schema = publishedSchema(path);
    const validate = ajv.compile(schema);
    t.same(rejectedPaths(validate, valid), [], 'the small valid body passes the published schema');
    const cases = [...wrongKindCases(schema, valid, validate), ...missingFieldCases(schema, valid, validate)];
    t.ok(cases.length >= 3, `${cases.length} bodies the schema rejects`);
    const failures: string[] = [];
    let next = 0;
    const runOne = async (): Promise<void> => {
      for (let index = next++; index < cases.length; index = next++) {
        const { label, body, rejectedAt } = cases[index]!;
        const { status, properties } = await faultPaths(path, body);
        const missed = rejectedAt.filter((property) => !properties.includes(property));
        if (status !== 400 || missed.length > 0) failures.push(`${label}: ${status}, schema faults not reported: ${missed.join(', ')}`);
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, runOne));
    t.same(failures, [], `${cases.length} bodies answered 400 with every fault of the published schema`);
  });
}
