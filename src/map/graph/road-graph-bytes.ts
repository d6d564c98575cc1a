import type { RoadGraph } from './road-graph.js';

/** What the bytes of a served road graph are for: the parts docs/scale.md budgets per road node. */
export type RoadGraphPart = 'topology' | 'metric' | 'geometry' | 'attributes' | 'names';

type ArrayField = { [K in keyof RoadGraph]: RoadGraph[K] extends ArrayBufferView ? K : never }[keyof RoadGraph];

/** Every typed array of the graph by part: the type makes a new field choose its part. */
const PART_OF: Record<ArrayField, Exclude<RoadGraphPart, 'names'>> = {
  tail: 'topology', head: 'topology', arcEdge: 'topology', arcFlags: 'topology', arcOrigin: 'topology',
  nodeOrigin: 'topology', component: 'topology', componentSize: 'topology', edgeForwardArc: 'topology',
  edgeBackwardArc: 'topology', nodeControl: 'topology',
  weight: 'metric', durationMs: 'metric', distance: 'metric', arcSpeedKmh: 'metric', arcFixedMs: 'metric',
  arcCondition: 'metric', conditionHours: 'metric',
  nodeLat: 'geometry', nodeLon: 'geometry', geomStart: 'geometry', geomLat: 'geometry', geomLon: 'geometry',
  nodeOsmId: 'attributes', edgeWayId: 'attributes', edgeRoadClass: 'attributes', edgeNameId: 'attributes',
  edgeMaxHeightM: 'attributes', edgeMaxWeightT: 'attributes', edgeMaxWidthM: 'attributes',
  edgeMaxLengthM: 'attributes', edgeMaxAxleLoadT: 'attributes',
};

/**
 * Bytes of a road graph by part; names count as their UTF-8 text, without the JavaScript strings' overhead.
 * Arrays (and names) that are the very ones of `sharedWith` (another profile's graph) are counted there, not here.
 */
export function roadGraphParts(graph: RoadGraph, sharedWith?: RoadGraph): Record<RoadGraphPart, number> {
  const parts: Record<RoadGraphPart, number> = { topology: 0, metric: 0, geometry: 0, attributes: 0, names: 0 };
  for (const [field, part] of Object.entries(PART_OF) as [ArrayField, Exclude<RoadGraphPart, 'names'>][]) {
    if (graph[field] !== sharedWith?.[field]) parts[part] += graph[field].byteLength;
  }
  if (graph.names !== sharedWith?.names) for (const name of graph.names) parts.names += Buffer.byteLength(name);
  return parts;
}

/** Bytes of a road graph's typed arrays: what serving it holds in memory, names aside. */
export function roadGraphBytes(graph: RoadGraph): number {
  const { names: _names, ...arrays } = roadGraphParts(graph);
  return Object.values(arrays).reduce((sum, bytes) => sum + bytes, 0);
}
