import { ArcFlag } from '../arc-flags.js';
import { NO_ROAD_CLASS } from './turn-model.js';
import type { RoadGraph } from './road-graph.js';

/**
 * The roads the profile may use meeting at every original graph node: how many edges, and the biggest two road
 * classes with the edge of the biggest, so that "the biggest road other than the one arrived on" is one
 * comparison. Ways closed to the profile do not count: a dead end for it stays one (turn-model.ts). Apart, how
 * many edges every profile of the map may use meet there (ArcFlag.ClosedToSome), which decides the turns all
 * profiles share (turn-graph.ts).
 */
export class NodeRoads {
  readonly count: Uint16Array;
  readonly countOpenToAll: Uint16Array;
  private readonly bestClass: Uint8Array;
  private readonly bestEdge: Int32Array;
  private readonly secondClass: Uint8Array;

  constructor(graph: RoadGraph) {
    const n = graph.nodeCount;
    this.count = new Uint16Array(n);
    this.countOpenToAll = new Uint16Array(n);
    this.bestClass = new Uint8Array(n).fill(NO_ROAD_CLASS);
    this.secondClass = new Uint8Array(n).fill(NO_ROAD_CLASS);
    this.bestEdge = new Int32Array(n).fill(-1);
    for (let e = 0; e < graph.edgeCount; e++) {
      const arc = graph.edgeForwardArc[e]! >= 0 ? graph.edgeForwardArc[e]! : graph.edgeBackwardArc[e]!;
      if (arc < 0) continue;
      const ends = [graph.tail[arc]!, graph.nodeOrigin[graph.head[arc]!]!];
      if (!(graph.arcFlags[arc]! & ArcFlag.ClosedToSome)) for (const node of ends) this.countOpenToAll[node]!++;
      if (!(graph.arcFlags[arc]! & ArcFlag.Closed)) for (const node of ends) this.add(node, e, graph.edgeRoadClass[e]!);
    }
  }

  /** Biggest class (lowest RoadClass value) at `node` among edges other than `edge`; NO_ROAD_CLASS if none. */
  biggestOtherThan(node: number, edge: number): number {
    return this.bestEdge[node] === edge ? this.secondClass[node]! : this.bestClass[node]!;
  }

  private add(node: number, edge: number, roadClass: number): void {
    this.count[node]!++;
    if (roadClass < this.bestClass[node]!) {
      this.secondClass[node] = this.bestClass[node]!;
      this.bestClass[node] = roadClass;
      this.bestEdge[node] = edge;
    } else if (roadClass < this.secondClass[node]!) {
      this.secondClass[node] = roadClass;
    }
  }
}
