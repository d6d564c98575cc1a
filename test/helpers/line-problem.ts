/**
 * Small planning problems on a line of places P0…Pn, 10 minutes and 1 km apart, given through
 * `settings.matrix` so that every expected number can be worked out by hand.
 */
export const minutes = 60;
export const hours = 3600;

export function lineMarkers(count: number, depots: Record<string, string[]> = {}): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, index) => {
    const id = `P${index}`;
    const marker: Record<string, unknown> = { id, location: `0,0.00${index}` };
    if (depots[id]) Object.assign(marker, { is_depot: true, attributes: depots[id] });
    return marker;
  });
}

export function lineMatrix(count: number, unreachable: [number, number][] = []) {
  const table = (unit: number) =>
    Array.from({ length: count }, (_, from) =>
      Array.from({ length: count }, (_, to) =>
        unreachable.some(([a, b]) => a === from && b === to) ? null : Math.abs(from - to) * unit));
  return { durations: table(10 * minutes), distances: table(1000) };
}

/** A problem on `count` line places; `extra` is merged over it (settings merged one level deep). */
export function lineProblem(count: number, extra: Record<string, unknown>, depots: Record<string, string[]> = {}) {
  const { settings, ...rest } = extra as { settings?: Record<string, unknown> };
  return { markers: lineMarkers(count, depots), ...rest, settings: { matrix: lineMatrix(count), ...settings } };
}
