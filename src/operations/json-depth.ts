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
 * The JSON path (`request.a[0].b`) of the first object or array nested deeper than `limit` levels, or undefined.
 * Iterative, so that the check itself cannot run out of stack on the bodies it exists to refuse; only objects
 * and arrays are visited, so a large matrix of numbers costs one step per row.
 */
export function tooDeepPath(body: unknown, limit = maxBodyDepth): string | undefined {
  if (body === null || typeof body !== 'object') return undefined;
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
