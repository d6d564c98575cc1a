import type { OsmTags } from '../osm/index.js';
import { parseLengthMeters } from '../profiles/tag-parsers.js';

/**
 * What is known about a graph node that changes how turns through it are driven (`RoadGraph.nodeControl`).
 * Bit flags; a node may carry several.
 */
export const NodeControl = {
  TrafficSignals: 1 << 0,
  Stop: 1 << 1,
  GiveWay: 1 << 2,
  /** highway=turning_circle / turning_loop / mini_roundabout: a place where turning back is allowed */
  TurningPlace: 1 << 3,
  /** a turning place whose tagged diameter is below TRUCK_TURNING_DIAMETER_M */
  SmallTurningPlace: 1 << 4,
  /** a restriction copy reached by the from-way of an `only_u_turn`: the map says turn back here */
  MappedUTurn: 1 << 5,
} as const;

/** Smallest turning circle a rigid truck turns back in (kerb to kerb). */
const TRUCK_TURNING_DIAMETER_M = 25;

const TURNING_PLACES = new Set(['turning_circle', 'turning_loop', 'mini_roundabout']);

function turningPlaceBits(tags: OsmTags): number {
  const diameter = parseLengthMeters(tags.diameter);
  const small = diameter !== undefined && diameter > 0 && diameter < TRUCK_TURNING_DIAMETER_M;
  return NodeControl.TurningPlace | (small ? NodeControl.SmallTurningPlace : 0);
}

/** NodeControl bits of an OSM node's tags (0 for most nodes). */
export function nodeControlOf(tags: OsmTags): number {
  const highway = tags.highway;
  if (highway === undefined) return 0;
  if (highway === 'traffic_signals') return NodeControl.TrafficSignals;
  if (highway === 'stop') return NodeControl.Stop;
  if (highway === 'give_way') return NodeControl.GiveWay;
  return TURNING_PLACES.has(highway) ? turningPlaceBits(tags) : 0;
}
