import { sharedCopy } from '../../common/shared-array.js';
import { CLOSED_ARC, type ArcGraph } from '../../kernels/arc-graph.js';
import { arcBearings, type ArcBearings } from './arc-bearings.js';
import { destinationZones } from './destination-zones.js';
import { GrowableArray } from './growable-array.js';
import { NodeRoads } from './node-roads.js';
import { outArcsByTail } from './out-arcs.js';
import type { RoadGraph } from './road-graph.js';
import { turnAngle, turnCostMs, uTurnAllowed, type DrivingSide, type Turn, type TurnProfile } from './turn-model.js';

/** The kernels refuse any other weight above a u31. */
const MAX_WEIGHT_MS = 0x7fffffff;

/** `turnMs` of a turn the profile may not make, there because another profile of the map may. */
export const CLOSED_TURN = CLOSED_ARC;

/**
 * The edge-based graph: its nodes are the road graph's arcs, its arcs the allowed turns. Turn t means "drive
 * road arc tail[t] to its end, then turn into road arc head[t]", so it weighs the road arc plus the turn, and
 * a label at node a means "at the start of road arc a". Restrictions are already in the road graph's arcs
 * (restriction copies), so a forbidden turn is simply a pair of road arcs with no turn between them.
 * Turns into or out of a destination-only zone exist (a stop inside needs them) but every metric closes
 * them: a search through the hierarchy never crosses a zone's border; seeds do (zone-seeds.ts).
 */
export interface TurnGraph extends ArcGraph {
  /** Road arc count. */
  readonly nodeCount: number;
  readonly turnCount: number;
  /**
   * What the turn itself costs, ms (angle, U-turn, signs, waiting for a gap): time, in weight and duration.
   * CLOSED_TURN for a U-turn this profile may not make.
   */
  readonly turnMs: Uint32Array;
  /** Turns out of road arc a are [firstTurn[a], firstTurn[a + 1]). */
  readonly firstTurn: Uint32Array;
  /** Weight of every turn under the road graph's own metric (see turnMetric). */
  readonly weight: Uint32Array;
  /** Length of the road arc each turn drives, cm. */
  readonly distance: Uint32Array;
  /** Destination-only zone of every road arc (destination-zones.ts), NO_ZONE outside them. */
  readonly arcZone: Uint32Array;
}

export interface TurnGraphOptions {
  turns: TurnProfile;
  drivingSide: DrivingSide;
}

/** The turn from road arc `from` into road arc `to` (which leaves the node `from` ends at). */
function turnBetween(graph: RoadGraph, roads: NodeRoads, bearings: ArcBearings, from: number, to: number): Turn {
  const via = graph.head[from]!, node = graph.nodeOrigin[via]!, fromEdge = graph.arcEdge[from]!;
  return {
    angle: turnAngle(bearings.end[from]!, bearings.start[to]!),
    uTurn: graph.arcEdge[to] === fromEdge,
    roadsAtNode: roads.count[node]!,
    control: graph.nodeControl[via]!,
    fromClass: graph.edgeRoadClass[fromEdge]!,
    biggestOtherClass: roads.biggestOtherThan(node, fromEdge),
  };
}

/**
 * Whether a turn is in the topology all profiles of a map share: every turn but a U-turn, and a U-turn wherever
 * some vehicle may turn back: a turning place of any size, an only_u_turn, or a dead end of its own roads, which
 * is a dead end of the roads every profile may use too, since it may use at least those. A profile that may not
 * turn back there has the turn closed, so that the profiles' turn graphs share their topology (and could share a
 * contraction order: docs/ch.md).
 */
function inSharedTopology(turn: Turn, roadsOpenToAll: number): boolean {
  return !turn.uTurn || uTurnAllowed({ roadsAtNode: roadsOpenToAll, control: turn.control }, { usesSmallTurningPlaces: true });
}

/** Whether the profile may not make turn t (no search or seed takes it). */
export function turnClosed(turns: Pick<TurnGraph, 'turnMs'>, t: number): boolean {
  return turns.turnMs[t] === CLOSED_TURN;
}

/**
 * Per road arc a, per `values` (weights or durations of the road arcs): value of a plus the turn, for every
 * turn. CLOSED_ARC when the turn is closed, or the metric closes either road arc, so no search enters or leaves
 * a closed arc, and on a zone's border, so no search drives through a destination-only zone.
 */
export function turnMetric(turns: Pick<TurnGraph, 'tail' | 'head' | 'turnMs' | 'arcZone'>, values: Uint32Array): Uint32Array {
  return Uint32Array.from(turns.tail, (from, t) => {
    const to = turns.head[t]!;
    if (turnClosed(turns, t) || values[from] === CLOSED_ARC || values[to] === CLOSED_ARC) return CLOSED_ARC;
    if (turns.arcZone[from] !== turns.arcZone[to]) return CLOSED_ARC;
    return Math.min(MAX_WEIGHT_MS, values[from]! + turns.turnMs[t]!);
  });
}

/**
 * Builds the turns of a road graph: every pair (arc in, arc out) at a node that the turn model allows, and the
 * U-turns it refuses that another profile of the map may make, closed.
 */
export function buildTurnGraph(graph: RoadGraph, options: TurnGraphOptions): TurnGraph {
  const roads = new NodeRoads(graph), bearings = arcBearings(graph);
  const out = outArcsByTail(graph.nodeCount, graph.tail);
  const tail = new GrowableArray(Uint32Array, graph.arcCount * 3);
  const head = new GrowableArray(Uint32Array, graph.arcCount * 3);
  const turnMs = new GrowableArray(Uint32Array, graph.arcCount * 3);
  const firstTurn = new Uint32Array(graph.arcCount + 1);
  for (let from = 0; from < graph.arcCount; from++) {
    const via = graph.head[from]!;
    for (let k = out.start[via]!; k < out.start[via + 1]!; k++) {
      const to = out.list[k]!;
      const turn = turnBetween(graph, roads, bearings, from, to);
      if (!inSharedTopology(turn, roads.countOpenToAll[graph.nodeOrigin[via]!]!)) continue;
      const cost = turnCostMs(turn, options.drivingSide, options.turns);
      tail.push(from);
      head.push(to);
      turnMs.push(cost < 0 ? CLOSED_TURN : cost);
    }
    firstTurn[from + 1] = tail.length;
  }
  const topology = { tail: tail.toArray(), head: head.toArray(), turnMs: turnMs.toArray() };
  const turns = { ...topology, arcZone: destinationZones(graph, topology) };
  return {
    nodeCount: graph.arcCount, turnCount: turns.tail.length, ...turns, firstTurn,
    weight: turnMetric(turns, graph.weight),
    distance: Uint32Array.from(turns.tail, (from) => graph.distance[from]!),
  };
}

/** The same turn graph on SharedArrayBuffers: what the HTTP thread hands every routing worker. */
export function sharedTurnGraph(turns: TurnGraph): TurnGraph {
  return {
    nodeCount: turns.nodeCount, turnCount: turns.turnCount,
    tail: sharedCopy(turns.tail), head: sharedCopy(turns.head), turnMs: sharedCopy(turns.turnMs),
    firstTurn: sharedCopy(turns.firstTurn), weight: sharedCopy(turns.weight), distance: sharedCopy(turns.distance),
    arcZone: sharedCopy(turns.arcZone),
  };
}
