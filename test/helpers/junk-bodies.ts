import { seededRandom } from '../../src/common/seeded-random.js';
/**
 * Seeded bad request bodies: junk values, the documented field paths of a request schema, and mutations of a
 * valid body where one field is replaced by junk. Everything is drawn from one seed so a failure can be replayed.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type FieldPath = Array<string | number>;

/** A JSON number the serializer cannot write (Infinity, NaN): spliced into the body text as `1e999`. */
const OVERFLOW = '\u0000overflow\u0000';

export { seededRandom };

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function nested(depth: number, leaf: Json, asArray: boolean): Json {
  let value = leaf;
  for (let level = 0; level < depth; level++) value = asArray ? [value] : { a: value };
  return value;
}

/** Values that are wrong for almost every field, each standing for one family of bad input. */
export const junkValues: readonly Json[] = [
  null, true, false, 0, -1, -0.5, 1.5, -1e308, 1e308, 2 ** 53 + 1, -(2 ** 31), OVERFLOW,
  2 ** 31, 360, 359.9999, 1e-300, 4, 101, 1e6, 1e8, '100000000', '', ' ', 'NaN', 'Infinity', '-Infinity', '1e999', '-1', '0x10', 'null', 'true', '00:00:99', '99:99', '-00:01',
  '2026-02-30', '2026-13-01T25:61:00Z', '91,181', '46.0,8.0,1', ',', 'NaN,NaN', '46.0021956;8.0000796',
  '24:00', '23:59:60', '9999:00', '-0:00', '100000000:00:00', '2026-02-29', '0000-01-01', '9999-12-31T23:59:59+14:00',
  '0001-01-01T00:00:00Z', '+275760-09-13T00:00:01Z', 'Mars/Olympus', '+99:00', '90,180', '-90,-180', '0,0', '46.1,8.1',
  ' 46.0021956 , 8.0000796 ', '1e2,1e2', '46.0021956,8.0000796', '1e308', '  5  ', 'j1', 'r', 'd1', 'P1',
  '\u0000', '\ud800', '\u202e46,8', '𝟜𝟞,𝟠', '٤٦,٨', '🚚🚚🚚', 'x'.repeat(100_000),
  [], [null], [[[]]], ['x', 1, null, {}], Array.from({ length: 2_000 }, (_, i) => i),
  {}, { id: {} }, { location: [] }, { id: 'j1' }, { id: 'r', location: '0,0' }, { start: '10:00', end: '09:00' }, { start: '47:00', end: '99:00' },
  [1, 2, 3, 4, 5], [-1e308, 1e308], ['j1', 'j1'], [{ id: 'x', location: '46.0021956,8.0000796' }, { id: 'x' }], { '': null }, JSON.parse('{"__proto__": {"polluted": true}}') as Json, { constructor: { prototype: { polluted: true } } },
  nested(3_000, 1, true), nested(3_000, 'deep', false), nested(60, [null], true), nested(60, { id: 1 }, false),
];

export function junk(random: () => number): Json {
  return pick(random, junkValues);
}

/** Body text for a value that may hold the overflow marker: JSON.parse reads `1e999` as Infinity. */
export function bodyText(value: unknown): string {
  return JSON.stringify(value).replaceAll(JSON.stringify(OVERFLOW), '1e999');
}

type Schema = { type?: unknown; properties?: Record<string, Schema>; items?: Schema };

/** Every documented field path of a JSON schema, array elements as index 0, down to `maxDepth` names. */
export function schemaPaths(schema: Schema | undefined, maxDepth = 4, prefix: FieldPath = []): FieldPath[] {
  if (!schema || prefix.filter((key) => typeof key === 'string').length >= maxDepth) return [];
  const paths: FieldPath[] = [];
  for (const [key, child] of Object.entries(schema.properties ?? {})) {
    const path = [...prefix, key];
    paths.push(path, ...schemaPaths(child, maxDepth, path));
  }
  if (schema.items) {
    const path = [...prefix, 0];
    paths.push(path, ...schemaPaths(schema.items, maxDepth, path));
  }
  return paths;
}

/** Every path inside a JSON value, the value itself included. */
export function valuePaths(value: Json, prefix: FieldPath = []): FieldPath[] {
  const paths: FieldPath[] = [prefix];
  if (Array.isArray(value)) value.forEach((item, index) => paths.push(...valuePaths(item, [...prefix, index])));
  else if (value && typeof value === 'object') for (const [key, item] of Object.entries(value)) paths.push(...valuePaths(item, [...prefix, key]));
  return paths;
}

/** A copy of `body` with `replacement` at `path`, creating the objects and arrays on the way. */
export function withValueAt(body: Json, path: FieldPath, replacement: Json): Json {
  if (path.length === 0) return replacement;
  const [key, ...rest] = path;
  const container: Json = typeof key === 'number'
    ? (Array.isArray(body) ? [...body] : [])
    : (body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {});
  const record = container as Record<string | number, Json>;
  record[key!] = withValueAt(record[key!] ?? null, rest, replacement);
  return container;
}

export function describePath(path: FieldPath): string {
  return path.reduce<string>((text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${key}`), 'request');
}
