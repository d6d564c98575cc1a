import Flatbush from 'flatbush';
import { degreeBox } from '../../geometry/degree-box.js';
import { SegmentProjector, between } from '../../geometry/segment-projection.js';
import { bearingDegrees, haversineMeters } from '../../geometry/sphere.js';
import { E7 } from '../geo.js';
import type { RoadGraph } from '../graph/road-graph.js';
import type { SnapCandidate, SnapOptions } from './snap-candidate.js';

/** How far from a road a point may lie and still be snapped to it. */
export const DEFAULT_RADIUS_M = 1000;
/** First, cheap search ring; most points have a road this close. */
const NEAR_RADIUS_M = 150;
/**
 * A component this large counts as "the network", not an island (OSRM's small-component size). On small
 * maps, half the largest component is enough, so a tiny test town still has a network to prefer.
 */
const LARGE_COMPONENT_NODES = 1000;

interface Hit {
  edge: number;
  point: number;
  t: number;
  distanceMeters: number;
  arc: number;
  reverseArc: number;
}

/** What a snap index is made of, on SharedArrayBuffers: built once per map, attached by every worker. */
export interface SnapIndexData {
  /** The flatbush tree's own buffer. */
  tree: SharedArrayBuffer;
  /**
   * The edge of each segment. Segment s of edge e runs from geometry point s + e to the next: an edge of n points
   * has n - 1 segments, so the points before edge e's outnumber the segments before it by e.
   */
  segmentEdge: Uint32Array;
}

/** Static R-tree (flatbush) over every segment of every edge's geometry, in 1e-7 degrees. */
export class SnapIndex {
  private readonly largeComponent: number;

  private constructor(private readonly graph: RoadGraph, private readonly tree: Flatbush, private readonly segmentEdge: Uint32Array) {
    let largest = 0;
    for (const size of graph.componentSize) if (size > largest) largest = size;
    this.largeComponent = Math.min(LARGE_COMPONENT_NODES, Math.ceil(largest / 2));
  }

  static build(graph: RoadGraph): SnapIndex {
    const { geomStart, geomLat, geomLon, edgeCount } = graph;
    const segments = geomLat.length - edgeCount;
    const segmentEdge = new Uint32Array(new SharedArrayBuffer(segments * Uint32Array.BYTES_PER_ELEMENT));
    // Boxes in the geometry's own integers (1e-7 degrees): exact, and half the bytes of float64 degrees.
    const tree = new Flatbush(Math.max(1, segments), 16, Int32Array, SharedArrayBuffer);
    let s = 0;
    for (let e = 0; e < edgeCount; e++) {
      for (let p = geomStart[e]!; p + 1 < geomStart[e + 1]!; p++, s++) {
        segmentEdge[s] = e;
        const lat1 = geomLat[p]!, lon1 = geomLon[p]!, lat2 = geomLat[p + 1]!, lon2 = geomLon[p + 1]!;
        tree.add(Math.min(lon1, lon2), Math.min(lat1, lat2), Math.max(lon1, lon2), Math.max(lat1, lat2));
      }
    }
    if (segments === 0) tree.add(0, 0, 0, 0);
    tree.finish();
    return new SnapIndex(graph, tree, segmentEdge);
  }

  /** The index `build` made in another thread, on the same graph. */
  static attach(graph: RoadGraph, data: SnapIndexData): SnapIndex {
    return new SnapIndex(graph, Flatbush.from(data.tree), data.segmentEdge);
  }

  get data(): SnapIndexData {
    return { tree: this.tree.data as SharedArrayBuffer, segmentEdge: this.segmentEdge };
  }

  get byteLength(): number {
    return this.tree.data.byteLength + this.segmentEdge.byteLength;
  }

  /**
   * The nearest point on a road of the large component within the radius; a road on a small island only
   * when no large-component road is within the radius; null when no road at all is (or bad coordinates).
   */
  snap(lat: number, lon: number, options: SnapOptions = {}): SnapCandidate | null {
    if (!Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
    const radius = options.radiusMeters ?? DEFAULT_RADIUS_M;
    for (const r of radius > NEAR_RADIUS_M ? [NEAR_RADIUS_M, radius] : [radius]) {
      const { best, bestLarge } = this.scan(lat, lon, r, options.filter, options.heading);
      if (bestLarge) return this.candidate(bestLarge);
      if (r === radius) return best ? this.candidate(best) : null;
    }
    return null;
  }

  private scan(lat: number, lon: number, radius: number, filter?: (arc: number) => boolean, heading?: number): { best?: Hit; bestLarge?: Hit } {
    const { dLat, dLon } = degreeBox(lat, radius);
    const g = this.graph;
    const projector = new SegmentProjector({ lat, lon });
    let best: Hit | undefined, bestLarge: Hit | undefined;
    for (const s of this.tree.search((lon - dLon) * E7, (lat - dLat) * E7, (lon + dLon) * E7, (lat + dLat) * E7)) {
      const edge = this.segmentEdge[s]!, p = s + edge;
      const lat1 = g.geomLat[p]! / E7, lon1 = g.geomLon[p]! / E7, lat2 = g.geomLat[p + 1]! / E7, lon2 = g.geomLon[p + 1]! / E7;
      // Most segments in the box are surely farther than the best hit so far (which bounds any later best too).
      const atLeast = projector.distanceAtLeast(lat1, lon1, lat2, lon2);
      if (atLeast > radius || (bestLarge && atLeast > bestLarge.distanceMeters)) continue;
      let fwd = usable(g.edgeForwardArc[edge]!, filter), bwd = usable(g.edgeBackwardArc[edge]!, filter);
      if (heading !== undefined) {
        const along = bearingDegrees(lat1, lon1, lat2, lon2);
        if (!facing(along, heading)) fwd = -1;
        if (!facing(along + 180, heading)) bwd = -1;
      }
      if (fwd < 0 && bwd < 0) continue;
      const proj = projector.project(lat1, lon1, lat2, lon2);
      if (proj.distanceMeters > radius) continue;
      const hit: Hit = { edge, point: p, t: proj.t, distanceMeters: proj.distanceMeters, arc: fwd >= 0 ? fwd : bwd, reverseArc: fwd >= 0 ? bwd : -1 };
      if (!best || hit.distanceMeters < best.distanceMeters) best = hit;
      if ((!bestLarge || hit.distanceMeters < bestLarge.distanceMeters) && (this.isLarge(fwd) || this.isLarge(bwd))) bestLarge = hit;
    }
    return { best, bestLarge };
  }

  private isLarge(arc: number): boolean {
    const g = this.graph;
    return arc >= 0 && g.componentSize[g.tail[arc]!]! >= this.largeComponent && g.componentSize[g.head[arc]!]! >= this.largeComponent;
  }

  private candidate(hit: Hit): SnapCandidate {
    const g = this.graph;
    const { geomStart, geomLat, geomLon } = g;
    let along = 0, total = 0;
    for (let p = geomStart[hit.edge]!; p + 1 < geomStart[hit.edge + 1]!; p++) {
      const len = haversineMeters(geomLat[p]! / E7, geomLon[p]! / E7, geomLat[p + 1]! / E7, geomLon[p + 1]! / E7);
      if (p < hit.point) along += len;
      if (p === hit.point) along += hit.t * len;
      total += len;
    }
    const f = total > 0 ? along / total : 0;
    const reversed = hit.arc !== g.edgeForwardArc[hit.edge];
    const lat1 = geomLat[hit.point]! / E7, lon1 = geomLon[hit.point]! / E7;
    const lat2 = geomLat[hit.point + 1]! / E7, lon2 = geomLon[hit.point + 1]! / E7;
    const bearing = bearingDegrees(lat1, lon1, lat2, lon2);
    const snapped = between({ lat: lat1, lon: lon1 }, { lat: lat2, lon: lon2 }, hit.t);
    return {
      edge: hit.edge, arc: hit.arc, reverseArc: hit.reverseArc,
      fraction: reversed ? 1 - f : f,
      point: [snapped.lat, snapped.lon],
      distanceMeters: hit.distanceMeters,
      bearing: reversed ? (bearing + 180) % 360 : bearing,
    };
  }
}

/** Whether a direction of travel lies within 90° of a heading. */
function facing(bearing: number, heading: number): boolean {
  const difference = Math.abs((((bearing - heading) % 360) + 540) % 360 - 180);
  return difference <= 90;
}

function usable(arc: number, filter?: (arc: number) => boolean): number {
  return arc >= 0 && (!filter || filter(arc)) ? arc : -1;
}
