/**
 * Road edges after degree-2 compression: each edge is one chain of a way between graph nodes, with its
 * full geometry. Direction-free; arcs (one per allowed direction) are made from it later.
 */
export interface EdgeSet {
  nodeCount: number;
  nodeLat: Float64Array;
  nodeLon: Float64Array;
  nodeOsmId: Float64Array;
  /** Graph node of each extract node index, -1 if none (interior of a chain, unused, or a barrier). */
  graphNodeOfOsmIndex: Int32Array;
  edgeCount: number;
  edgeTail: Uint32Array;
  edgeHead: Uint32Array;
  /** Index into the extract's routable ways. */
  edgeWay: Uint32Array;
  edgeLengthCm: Uint32Array;
  /** Traffic signals passed driving tail→head (interior ones and the head) and head→tail. */
  edgeSignalsForward: Uint16Array;
  edgeSignalsBackward: Uint16Array;
  /** Lowest height limit tagged on a node of the edge (0: none). */
  edgeNodeMaxHeight: Float32Array;
  /** Edge e's points are geomLat/geomLon[geomStart[e] .. geomStart[e+1]), in 1e-7 degrees, tail first. */
  geomStart: Uint32Array;
  geomLat: Int32Array;
  geomLon: Int32Array;
  /** Edges of way w are wayEdgeStart[w] .. wayEdgeStart[w+1]) in way order. */
  wayEdgeStart: Uint32Array;
}
