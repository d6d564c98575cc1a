/** Arcs grouped by tail: the arcs leaving node v are list[start[v] .. start[v + 1]), in arc id order. */
export interface OutArcs {
  start: Uint32Array;
  list: Uint32Array;
}

export function outArcsByTail(nodeCount: number, tail: Uint32Array, arcCount = tail.length): OutArcs {
  const start = new Uint32Array(nodeCount + 1);
  for (let a = 0; a < arcCount; a++) start[tail[a]! + 1]!++;
  for (let v = 0; v < nodeCount; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, nodeCount);
  const list = new Uint32Array(arcCount);
  for (let a = 0; a < arcCount; a++) list[fill[tail[a]!]!++] = a;
  return { start, list };
}
