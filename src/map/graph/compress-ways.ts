import { haversineMeters } from '../../geometry/sphere.js';
import { E7 } from '../geo.js';
import { GrowableArray } from './growable-array.js';
import type { EdgeSet } from './edge-set.js';
import type { NodeIndex } from './node-index.js';
import type { OsmExtract } from './osm-extract.js';

const MAX_USES = 2;

/** Per extract node: how often routable ways use it, and whether a chain must end there. */
interface NodeRoles {
  refIndex: Int32Array;
  boundary: Uint8Array;
  barrier: Uint8Array;
  signal: Uint8Array;
  /** Height limit tagged on the node, metres (0: none). */
  maxHeight: Float32Array;
}

function markIds(ids: Set<number>, index: NodeIndex, size: number): Uint8Array {
  const marks = new Uint8Array(size);
  for (const id of ids) {
    const i = index.indexOf(id);
    if (i >= 0) marks[i] = 1;
  }
  return marks;
}

/**
 * Graph nodes are where chains must end: nodes used twice (junctions), ends of ways (and of the parts of a
 * way the extract clips), barriers, restriction vias. Missing refs split a way into runs.
 */
function nodeRoles(extract: OsmExtract, index: NodeIndex, viaNodeIds: Set<number>): NodeRoles {
  const n = extract.nodeIds.length;
  const refIndex = Int32Array.from(extract.wayRefs, (id) => index.indexOf(id));
  const uses = new Uint8Array(n);
  const boundary = markIds(viaNodeIds, index, n);
  const barrier = markIds(extract.barrierNodeIds, index, n);
  const signal = markIds(extract.signalNodeIds, index, n);
  const maxHeight = new Float32Array(n);
  for (const [id, height] of extract.nodeMaxHeights) {
    const i = index.indexOf(id);
    if (i >= 0) maxHeight[i] = height;
  }
  const { wayRefStart } = extract;
  for (let w = 0; w + 1 < wayRefStart.length; w++) {
    const start = wayRefStart[w]!, end = wayRefStart[w + 1]!;
    for (let r = start; r < end; r++) {
      const i = refIndex[r]!;
      if (i < 0) continue;
      if (uses[i]! < MAX_USES) uses[i]!++;
      const runEdge = r === start || r === end - 1 || refIndex[r - 1]! < 0 || refIndex[r + 1]! < 0;
      if (runEdge || barrier[i]) boundary[i] = 1;
    }
  }
  for (let i = 0; i < n; i++) if (uses[i]! >= MAX_USES) boundary[i] = 1;
  return { refIndex, boundary, barrier, signal, maxHeight };
}

/** A chain that would start and end at the same node gets its middle point as an extra graph node. */
function splitSelfLoops(extract: OsmExtract, roles: NodeRoles): void {
  const { refIndex, boundary } = roles;
  const interior: number[] = [];
  for (let w = 0; w + 1 < extract.wayRefStart.length; w++) {
    let chainStart = -1;
    for (let r = extract.wayRefStart[w]!; r < extract.wayRefStart[w + 1]!; r++) {
      const i = refIndex[r]!;
      if (i < 0) {
        chainStart = -1;
        interior.length = 0;
        continue;
      }
      if (chainStart < 0 || !boundary[i]) {
        if (chainStart < 0) chainStart = i;
        else if (i !== interior[interior.length - 1]) interior.push(i);
        continue;
      }
      const distinct = interior.filter((x) => x !== chainStart);
      if (i === chainStart && distinct.length > 0) boundary[distinct[distinct.length >> 1]!] = 1;
      chainStart = i;
      interior.length = 0;
    }
    interior.length = 0;
  }
}

class EdgeWriter {
  readonly nodeLat = new GrowableArray(Float64Array);
  readonly nodeLon = new GrowableArray(Float64Array);
  readonly nodeOsmId = new GrowableArray(Float64Array);
  readonly edgeTail = new GrowableArray(Uint32Array);
  readonly edgeHead = new GrowableArray(Uint32Array);
  readonly edgeWay = new GrowableArray(Uint32Array);
  readonly edgeLengthCm = new GrowableArray(Uint32Array);
  readonly signalsForward = new GrowableArray(Uint16Array);
  readonly signalsBackward = new GrowableArray(Uint16Array);
  readonly nodeMaxHeight = new GrowableArray(Float32Array);
  readonly geomStart = new GrowableArray(Uint32Array);
  readonly geomLat = new GrowableArray(Int32Array, 1 << 16);
  readonly geomLon = new GrowableArray(Int32Array, 1 << 16);
  readonly graphNodeOf: Int32Array;

  constructor(private readonly extract: OsmExtract, private readonly roles: NodeRoles) {
    this.graphNodeOf = new Int32Array(extract.nodeIds.length).fill(-1);
    this.geomStart.push(0);
  }

  /** Barriers get a fresh node for every chain end that touches them, so nothing connects through them. */
  graphNode(i: number): number {
    if (!this.roles.barrier[i] && this.graphNodeOf[i]! >= 0) return this.graphNodeOf[i]!;
    const id = this.nodeLat.length;
    this.nodeLat.push(this.extract.nodeLat[i]!);
    this.nodeLon.push(this.extract.nodeLon[i]!);
    this.nodeOsmId.push(this.extract.nodeIds[i]!);
    if (!this.roles.barrier[i]) this.graphNodeOf[i] = id;
    return id;
  }

  point(i: number): void {
    this.geomLat.push(Math.round(this.extract.nodeLat[i]! * E7));
    this.geomLon.push(Math.round(this.extract.nodeLon[i]! * E7));
  }

  edge(way: number, tail: number, head: number, lengthM: number, forward: number, backward: number, maxHeight: number): void {
    this.edgeTail.push(tail);
    this.edgeHead.push(head);
    this.edgeWay.push(way);
    this.edgeLengthCm.push(Math.round(lengthM * 100));
    this.signalsForward.push(forward);
    this.signalsBackward.push(backward);
    this.nodeMaxHeight.push(maxHeight);
    this.geomStart.push(this.geomLat.length);
  }
}

function writeWayEdges(writer: EdgeWriter, extract: OsmExtract, roles: NodeRoles, w: number): void {
  const { refIndex, boundary, signal, maxHeight } = roles;
  const { nodeLat, nodeLon } = extract;
  // A chain is opened lazily at its first segment, so run ends leave no orphan points or barrier copies.
  let prev = -1, chainFirst = -1, open = false, tailNode = 0, interiorSignals = 0, length = 0, lowest = 0;
  const lower = (limit: number): void => {
    if (limit > 0 && (lowest === 0 || limit < lowest)) lowest = limit;
  };
  for (let r = extract.wayRefStart[w]!; r < extract.wayRefStart[w + 1]!; r++) {
    const i = refIndex[r]!;
    if (i < 0) prev = -1;
    if (i < 0 || i === prev) continue;
    if (prev < 0) {
      prev = chainFirst = i;
      open = false;
      continue;
    }
    if (!open) {
      tailNode = writer.graphNode(chainFirst);
      writer.point(chainFirst);
      open = true;
      interiorSignals = 0;
      length = 0;
      lowest = 0;
      lower(maxHeight[chainFirst]!);
    }
    length += haversineMeters(nodeLat[prev]!, nodeLon[prev]!, nodeLat[i]!, nodeLon[i]!);
    writer.point(i);
    prev = i;
    lower(maxHeight[i]!);
    if (!boundary[i]) {
      interiorSignals += signal[i]!;
      continue;
    }
    writer.edge(w, tailNode, writer.graphNode(i), length, interiorSignals + signal[i]!, interiorSignals + signal[chainFirst]!, lowest);
    chainFirst = i;
    open = false;
  }
}

/** Compresses the routable ways of an extract into edges between graph nodes, keeping each chain's geometry. */
export function compressWays(extract: OsmExtract, index: NodeIndex, viaNodeIds: Set<number>): EdgeSet {
  const roles = nodeRoles(extract, index, viaNodeIds);
  splitSelfLoops(extract, roles);
  const writer = new EdgeWriter(extract, roles);
  const wayCount = extract.wayIds.length;
  const wayEdgeStart = new Uint32Array(wayCount + 1);
  for (let w = 0; w < wayCount; w++) {
    writeWayEdges(writer, extract, roles, w);
    wayEdgeStart[w + 1] = writer.edgeTail.length;
  }
  return {
    nodeCount: writer.nodeLat.length,
    nodeLat: writer.nodeLat.toArray(), nodeLon: writer.nodeLon.toArray(), nodeOsmId: writer.nodeOsmId.toArray(),
    graphNodeOfOsmIndex: writer.graphNodeOf,
    edgeCount: writer.edgeTail.length,
    edgeTail: writer.edgeTail.toArray(), edgeHead: writer.edgeHead.toArray(), edgeWay: writer.edgeWay.toArray(),
    edgeLengthCm: writer.edgeLengthCm.toArray(),
    edgeSignalsForward: writer.signalsForward.toArray(), edgeSignalsBackward: writer.signalsBackward.toArray(),
    edgeNodeMaxHeight: writer.nodeMaxHeight.toArray(),
    geomStart: writer.geomStart.toArray(), geomLat: writer.geomLat.toArray(), geomLon: writer.geomLon.toArray(),
    wayEdgeStart,
  };
}
