import type { EdgeSet } from './edge-set.js';
import type { TaggedRestriction } from './osm-extract.js';
import type { PrimaryArcs } from './primary-arcs.js';

/**
 * A restriction in arc terms: after driving `path` (the from-arc, then the arcs of any via ways), the
 * next arc may not be one of `targets` (no_*), or must be one of them (only_*).
 */
export interface ArcRestriction {
  kind: 'no' | 'only';
  /** Hours of the week it applies in; null: always. */
  hours: Uint8Array | null;
  path: number[];
  targets: number[];
}

export interface RestrictionContext {
  edges: EdgeSet;
  arcs: PrimaryArcs;
  wayIndexById: Map<number, number>;
  /** Graph node of an OSM node id, or -1. */
  graphNodeOfId(id: number): number;
}

function wayArcs(ctx: RestrictionContext, wayId: number, node: number, entering: boolean): number[] {
  const w = ctx.wayIndexById.get(wayId);
  if (w === undefined) return [];
  const { edges, arcs } = ctx;
  const found: number[] = [];
  for (let e = edges.wayEdgeStart[w]!; e < edges.wayEdgeStart[w + 1]!; e++) {
    const fwd = arcs.edgeForwardArc[e]!, bwd = arcs.edgeBackwardArc[e]!;
    if (fwd >= 0 && (entering ? arcs.head[fwd] : arcs.tail[fwd]) === node) found.push(fwd);
    if (bwd >= 0 && (entering ? arcs.head[bwd] : arcs.tail[bwd]) === node) found.push(bwd);
  }
  return found;
}

/** The arcs driving a via way from one of its ends to the other, or undefined if it cannot be driven so. */
function arcsAlongWay(ctx: RestrictionContext, wayId: number, from: number): { arcs: number[]; end: number } | undefined {
  const w = ctx.wayIndexById.get(wayId);
  if (w === undefined) return undefined;
  const { edges, arcs } = ctx;
  const first = edges.wayEdgeStart[w]!, last = edges.wayEdgeStart[w + 1]! - 1;
  if (last < first) return undefined;
  const forward = edges.edgeTail[first] === from;
  if (!forward && edges.edgeHead[last] !== from) return undefined;
  const path: number[] = [];
  for (let k = 0; k <= last - first; k++) {
    const e = forward ? first + k : last - k;
    const arc = forward ? arcs.edgeForwardArc[e]! : arcs.edgeBackwardArc[e]!;
    if (arc < 0) return undefined;
    path.push(arc);
  }
  return { arcs: path, end: arcs.head[path[path.length - 1]!]! };
}

/** Chains the via ways (in whatever member order) starting where the from way ends. */
function viaWayPath(ctx: RestrictionContext, viaWays: number[], start: number): { arcs: number[]; end: number } | undefined {
  const left = [...viaWays];
  const path: number[] = [];
  let at = start;
  while (left.length > 0) {
    let step: { arcs: number[]; end: number } | undefined;
    const k = left.findIndex((way) => (step = arcsAlongWay(ctx, way, at)) !== undefined);
    if (k < 0 || !step) return undefined;
    left.splice(k, 1);
    path.push(...step.arcs);
    at = step.end;
  }
  return { arcs: path, end: at };
}

function viaWayEnds(ctx: RestrictionContext, viaWays: number[]): number[] {
  const ends: number[] = [];
  for (const wayId of viaWays) {
    const w = ctx.wayIndexById.get(wayId);
    if (w === undefined || ctx.edges.wayEdgeStart[w + 1] === ctx.edges.wayEdgeStart[w]) continue;
    ends.push(ctx.edges.edgeTail[ctx.edges.wayEdgeStart[w]!]!, ctx.edges.edgeHead[ctx.edges.wayEdgeStart[w + 1]! - 1]!);
  }
  return ends;
}

function viaNodeRestrictions(r: TaggedRestriction, viaNodeId: number, ctx: RestrictionContext): ArcRestriction[] {
  const via = ctx.graphNodeOfId(viaNodeId);
  if (via < 0) return [];
  const targets = r.toWays.flatMap((way) => wayArcs(ctx, way, via, false));
  if (targets.length === 0) return [];
  return r.fromWays.flatMap((way) => wayArcs(ctx, way, via, true)).map((from) => ({ kind: r.kind, hours: r.hours, path: [from], targets }));
}

function viaWayRestrictions(r: TaggedRestriction, viaWays: number[], ctx: RestrictionContext): ArcRestriction[] {
  const resolved: ArcRestriction[] = [];
  for (const start of viaWayEnds(ctx, viaWays)) {
    const froms = r.fromWays.flatMap((way) => wayArcs(ctx, way, start, true));
    if (froms.length === 0) continue;
    const via = viaWayPath(ctx, viaWays, start);
    if (!via) continue;
    const targets = r.toWays.flatMap((way) => wayArcs(ctx, way, via.end, false));
    if (targets.length === 0) continue;
    for (const from of froms) resolved.push({ kind: r.kind, hours: r.hours, path: [from, ...via.arcs], targets });
  }
  return resolved;
}

export interface ResolvedRestrictions {
  restrictions: ArcRestriction[];
  /** Tagged restrictions that became at least one arc restriction, and those that matched nothing. */
  applied: number;
  ignored: number;
}

/**
 * Turns tagged restrictions into arc restrictions. Ones that do not match the graph (a via node or way not on
 * it, a via way not connected to the from or to way) are dropped and counted, including an only_* whose
 * target is missing (clipped by the extract, or not drivable): it would close every exit.
 */
export function resolveRestrictions(tagged: readonly TaggedRestriction[], ctx: RestrictionContext): ResolvedRestrictions {
  const resolved: ResolvedRestrictions = { restrictions: [], applied: 0, ignored: 0 };
  for (const r of tagged) {
    const arcRestrictions = 'node' in r.via ? viaNodeRestrictions(r, r.via.node, ctx) : viaWayRestrictions(r, r.via.ways, ctx);
    if (arcRestrictions.length > 0) resolved.applied++;
    else resolved.ignored++;
    resolved.restrictions.push(...arcRestrictions);
  }
  return resolved;
}
