import type { RoadGraph } from './road-graph.js';

/** Bytes of a road graph's typed arrays: what serving it holds in memory, names aside. */
export function roadGraphBytes(graph: RoadGraph): number {
  let bytes = 0;
  for (const value of Object.values(graph)) if (ArrayBuffer.isView(value)) bytes += value.byteLength;
  return bytes;
}
