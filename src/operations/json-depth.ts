/**
 * How deeply a request body may nest. No request of the interface needs more than a handful of levels, but
 * `custom` is echoed into results, and a result nested a few thousand levels deep cannot be posted back from a
 * worker thread (its serializer runs out of stack), which would leave the task running forever.
 */
export const maxBodyDepth = 100;

interface Level {
  value: object;
  key: string | number | undefined;
  parent: Level | undefined;
  depth: number;
}

function pathOf(level: Level): string {
  const keys: Array<string | number> = [];
  for (let at: Level | undefined = level; at?.key !== undefined; at = at.parent) keys.unshift(at.key);
  return keys.reduce<string>((path, key) => (typeof key === 'number' ? `${path}[${key}]` : `${path}.${key}`), 'request');
}

/**
 * Whether an object or array sits deeper than `limit` levels. Bodies that pass are the common case, so this walk
 * keeps no keys or parents for a path. Iterative, so that the check itself cannot run out of stack on the bodies
 * it exists to refuse; only objects and arrays are stacked, and the loops call nothing per item, so a large
 * matrix of numbers costs a type check per number.
 */
function nestsDeeperThan(body: object, limit: number): boolean {
  const values: object[] = [body];
  const depths: number[] = [1];
  while (values.length > 0) {
    const value = values.pop()! as Record<string, unknown>;
    const depth = depths.pop()!;
    if (depth > limit) return true;
    if (Array.isArray(value)) {
      for (let index = 0; index < value.length; index++) {
        const item: unknown = value[index];
        if (typeof item === 'object' && item !== null) {
          values.push(item);
          depths.push(depth + 1);
        }
      }
    } else {
      for (const key in value) {
        const item = value[key];
        if (typeof item === 'object' && item !== null) {
          values.push(item);
          depths.push(depth + 1);
        }
      }
    }
  }
  return false;
}

/** The path of the first node deeper than `limit`, found by a walk that remembers every node's parent. */
function firstTooDeep(body: object, limit: number): string | undefined {
  const pending: Level[] = [{ value: body, key: undefined, parent: undefined, depth: 1 }];
  while (pending.length > 0) {
    const level = pending.pop()!;
    if (level.depth > limit) return pathOf(level);
    const visit = (value: unknown, key: string | number): void => {
      if (value !== null && typeof value === 'object') pending.push({ value, key, parent: level, depth: level.depth + 1 });
    };
    if (Array.isArray(level.value)) level.value.forEach(visit);
    else for (const [key, value] of Object.entries(level.value)) visit(value, key);
  }
  return undefined;
}

/** The JSON path (`request.a[0].b`) of the first object or array nested deeper than `limit` levels, or undefined. */
export function tooDeepPath(body: unknown, limit = maxBodyDepth): string | undefined {
  if (body === null || typeof body !== 'object' || !nestsDeeperThan(body, limit)) return undefined;
  return firstTooDeep(body, limit);
}
