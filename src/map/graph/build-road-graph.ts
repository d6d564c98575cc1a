import { ArcFlag } from '../arc-flags.js';
import { dimensionClassById } from '../profiles/dimension-classes.js';
import type { Profile, WayRule } from '../profiles/index.js';
import { urbanWays } from './built-up-areas.js';
import type { ArcTable } from './arc-table.js';
import { collectOsm } from './collect-osm.js';
import { compressWays } from './compress-ways.js';
import type { EdgeSet } from './edge-set.js';
import { computeMetric } from './metric.js';
import { NodeIndex } from './node-index.js';
import type { OsmExtract } from './osm-extract.js';
import { buildPrimaryArcs, type PrimaryArcs } from './primary-arcs.js';
import { resolveRestrictions } from './resolve-restrictions.js';
import type { RoadGraph } from './road-graph.js';
import { NodeControl } from './node-control.js';
import { splitRestrictedNodes, type SplitGraph } from './split-restricted-nodes.js';
import { strongComponents } from './strong-components.js';

export type ProgressCallback = (phase: string, fraction: number) => void;

/** The lower of the way's own limit and any limit tagged on one of the edge's nodes (0: none). */
function edgeHeightLimits(edges: EdgeSet, rules: readonly WayRule[]): Float32Array {
  return Float32Array.from(edges.edgeWay, (w, e) => {
    const way = rules[w]!.maxHeightMeters, node = edges.edgeNodeMaxHeight[e]!;
    return way > 0 && node > 0 ? Math.min(way, node) : way || node;
  });
}

/** NodeControl bits per graph node; barrier copies have none (a vehicle turns back there anyway). */
function graphNodeControls(extract: OsmExtract, edges: EdgeSet, index: NodeIndex, split: SplitGraph): Uint8Array {
  const byNode = new Uint8Array(edges.nodeCount);
  for (const [id, control] of extract.nodeControls) {
    const i = index.indexOf(id);
    const node = i < 0 ? -1 : edges.graphNodeOfOsmIndex[i]!;
    if (node >= 0) byNode[node] = control;
  }
  const controls = Uint8Array.from(split.nodeOrigin, (v) => byNode[v]!);
  for (const node of split.uTurnNodes) controls[node]! |= NodeControl.MappedUTurn;
  return controls;
}

function edgeNames(extract: OsmExtract, edges: EdgeSet): { names: string[]; edgeNameId: Uint32Array } {
  const names = [''];
  const ids = new Map([['', 0]]);
  const wayNameId = extract.wayRules.map((rule) => {
    let id = ids.get(rule.name);
    if (id === undefined) ids.set(rule.name, (id = names.push(rule.name) - 1));
    return id;
  });
  return { names, edgeNameId: Uint32Array.from(edges.edgeWay, (w) => wayNameId[w]!) };
}

/** A restriction naming a way closed to the profile matches nothing, as if the way were not in its graph. */
function restrictionsApplied(extract: OsmExtract, edges: EdgeSet, primary: PrimaryArcs, index: NodeIndex) {
  const wayIndexById = new Map<number, number>();
  extract.wayIds.forEach((id, w) => {
    if (!(extract.wayRules[w]!.flags & ArcFlag.Closed)) wayIndexById.set(id, w);
  });
  const resolved = resolveRestrictions(extract.restrictions, {
    edges, arcs: primary, wayIndexById,
    graphNodeOfId: (id) => {
      const i = index.indexOf(id);
      return i < 0 ? -1 : edges.graphNodeOfOsmIndex[i]!;
    },
  });
  const split = splitRestrictedNodes(edges.nodeCount, primary, resolved.restrictions);
  return { split, applied: resolved.applied, ignored: resolved.ignored + extract.brokenRestrictionCount };
}

/**
 * Components of the arcs the profile may use: what snapping calls the network and an island is what this
 * profile can drive, whatever closed ways of other profiles join.
 */
function openComponents(nodeCount: number, arcs: ArcTable) {
  const open = (_: number, a: number) => !(arcs.flags[a]! & ArcFlag.Closed);
  return strongComponents(nodeCount, arcs.tail.filter(open), arcs.head.filter(open));
}

/** Builds the road graph of an extract already read for `profile` (see collectOsm). */
function roadGraphFromExtract(extract: OsmExtract, profile: Profile, onProgress?: ProgressCallback): RoadGraph {
  const index = new NodeIndex(extract.nodeIds, extract.nodeIdsSorted);
  const viaNodeIds = new Set<number>();
  for (const r of extract.restrictions) if ('node' in r.via) viaNodeIds.add(r.via.node);
  const edges = compressWays(extract, index, viaNodeIds);
  onProgress?.('build', 0.4);
  const urban = urbanWays(extract, (id) => index.indexOf(id));
  const primary = buildPrimaryArcs(edges, extract.wayRules, urban, profile.trafficSignalSeconds);
  const { split, applied, ignored } = restrictionsApplied(extract, edges, primary, index);
  const { arcs, nodeOrigin, nodeCount } = split;
  onProgress?.('build', 0.7);
  const components = openComponents(nodeCount, arcs);
  const { names, edgeNameId } = edgeNames(extract, edges);
  const rules = extract.wayRules;
  const graph: RoadGraph = {
    profile: profile.name, restrictionsApplied: applied, restrictionsIgnored: ignored, nodeCount, arcCount: arcs.count, primaryArcCount: primary.count, edgeCount: edges.edgeCount,
    nodeLat: Float64Array.from(nodeOrigin, (v) => edges.nodeLat[v]!),
    nodeLon: Float64Array.from(nodeOrigin, (v) => edges.nodeLon[v]!),
    nodeOsmId: Float64Array.from(nodeOrigin, (v) => edges.nodeOsmId[v]!),
    nodeOrigin, nodeControl: graphNodeControls(extract, edges, index, split), component: components.component, componentSize: components.componentSize,
    tail: arcs.tail, head: arcs.head,
    weight: new Uint32Array(0), durationMs: new Uint32Array(0),
    distance: Uint32Array.from(arcs.edge, (e) => edges.edgeLengthCm[e]!),
    arcEdge: arcs.edge, arcFlags: arcs.flags, arcOrigin: arcs.origin, arcCondition: split.arcCondition, conditionHours: split.conditionHours, arcSpeedKmh: arcs.speedKmh, arcFixedMs: arcs.fixedMs,
    edgeForwardArc: primary.edgeForwardArc, edgeBackwardArc: primary.edgeBackwardArc,
    edgeWayId: Float64Array.from(edges.edgeWay, (w) => extract.wayIds[w]!),
    edgeRoadClass: Uint8Array.from(edges.edgeWay, (w) => rules[w]!.roadClass),
    edgeNameId,
    edgeMaxHeightM: edgeHeightLimits(edges, rules),
    edgeMaxWeightT: Float32Array.from(edges.edgeWay, (w) => rules[w]!.maxWeightTonnes),
    edgeMaxWidthM: Float32Array.from(edges.edgeWay, (w) => rules[w]!.maxWidthMeters),
    edgeMaxLengthM: Float32Array.from(edges.edgeWay, (w) => rules[w]!.maxLengthMeters),
    edgeMaxAxleLoadT: Float32Array.from(edges.edgeWay, (w) => rules[w]!.maxAxleLoadTonnes),
    geomStart: edges.geomStart, geomLat: edges.geomLat, geomLon: edges.geomLon,
    names,
  };
  // A truck graph's own metric is that of a truck of unknown dimensions (class 0: hgv=no applies).
  const metric = computeMetric(graph, profile.checksDimensions ? { dimensionClass: dimensionClassById(0) } : {});
  graph.weight = metric.weight;
  graph.durationMs = metric.durationMs;
  onProgress?.('build', 1);
  return graph;
}

/** Reads an OSM file and builds its road graph for `profile`. */
export async function buildRoadGraph(path: string, profile: Profile, onProgress?: ProgressCallback): Promise<RoadGraph> {
  const extract = await collectOsm(path, profile, (f) => onProgress?.('read', f));
  return roadGraphFromExtract(extract, profile, onProgress);
}
