/**
 * The snap step of one stop, the one place where a stop or marker meets the road network (`/v1/path`,
 * `/v1/matrix` and the planner's markers all come through here; docs/traffic.md):
 * - no type: the nearest road the vehicle may use;
 * - `on_street`: the nearest road where stopping is safe (not motorway-like, tunnel, ferry or roundabout);
 * - `off_street`: the same roads, plus the connection from the point to the road, driven at PARKING_KMH and
 *   counted in every leg that starts or ends there;
 * - `vehicle` with a heading: the nearest road direction within 90° of it;
 * - `intersection`: snapped there instead of at `location`.
 * A stop whose type finds no road within the snap radius is snapped as if it had none and marked `unsafe`
 * (docs/api.md, Violations, `no_safe_route`); one with no road at all is not snapped.
 */
import type { Seed } from '../../kernels/index.js';
import type { LatLon } from '../../conventions/latlon.js';
import { ArcFlag } from '../../map/arc-flags.js';
import { haversineMeters } from '../../geometry/sphere.js';
import { BLOCKED_MS } from '../../map/graph/metric.js';
import { turnSeedsOf } from '../../map/snap/turn-seeds.js';
import type { SnapCandidate, SnapOptions } from '../../map/snap/snap-candidate.js';
import type { StopType } from '../service/path-request.js';
import type { ProfileRouter, RoutingMetric } from './profile-router.js';

/**
 * Speed between an off-street point and its road: a vehicle pulling out of a driveway or car park. Slow on
 * purpose, so a far-off point costs what reaching it does.
 */
export const PARKING_KMH = 10;


/** A point on an arc: `fraction` of the way from its tail. */
export interface ArcPosition {
  arc: number;
  fraction: number;
}

/**
 * Seeds and, index for index, the position on the road each stands for, the road arcs each drives in full
 * inside a destination-only zone (departures: before its node; arrivals: from its node on) and the time of
 * the turns it includes.
 */
export interface AnchoredSeeds {
  seeds: Seed[];
  positions: ArcPosition[];
  through: number[][];
  /** A departure seed includes the turn at the end of its arc (ms), zone seeds every turn inside. */
  turnMs: number[];
}

/** The stretch between an off-street point and its road, driven at the start or end of a leg. */
export interface Connection {
  durationMs: number;
  distanceCm: number;
}

export interface SnappedStop {
  candidate: SnapCandidate;
  /** Only a road the stop's type forbids was within reach (`no_safe_route`). */
  unsafe: boolean;
  connection: Connection;
  departures: AnchoredSeeds;
  arrivals: AnchoredSeeds;
  /** The stop on each direction of its road the metric keeps open: where a leg along that arc alone starts. */
  along: ArcPosition[];
}

export interface StopPlace {
  location: LatLon;
  type?: StopType;
  intersection?: LatLon;
  /** Degrees clockwise from north; used by type `vehicle` only. */
  heading?: number;
}

const NO_CONNECTION: Connection = { durationMs: 0, distanceCm: 0 };

/** Position of the snapped point on an arc of its road (either direction, or a restriction copy). */
function positionOn(router: ProfileRouter, candidate: SnapCandidate, arc: number): ArcPosition {
  const sameDirection = router.graph.arcOrigin[arc] === candidate.arc;
  return { arc, fraction: sameDirection ? candidate.fraction : 1 - candidate.fraction };
}

/** The profile's SafeToStop already leaves out motorway-like roads, tunnels and ferries; no kerb on a roundabout either. */
function safeToStop(flags: number): boolean {
  return (flags & ArcFlag.SafeToStop) !== 0 && (flags & ArcFlag.Roundabout) === 0;
}

/** The snap options of a stop's type on a metric, or null when the type adds nothing to plain snapping. */
function typeRules(router: ProfileRouter, stop: StopPlace, usable: (arc: number) => boolean): SnapOptions | null {
  if (stop.type === 'on_street' || stop.type === 'off_street') {
    return { filter: (arc) => usable(arc) && safeToStop(router.graph.arcFlags[arc]!) };
  }
  if (stop.type === 'vehicle' && stop.heading !== undefined) return { filter: usable, heading: stop.heading };
  return null;
}

/** Off street: from the point to where its driveway meets the street, then on to the road. */
function connectionOf(stop: StopPlace, candidate: SnapCandidate): Connection {
  if (stop.type !== 'off_street') return NO_CONNECTION;
  const driveway = stop.intersection
    ? haversineMeters(stop.location.lat, stop.location.lon, stop.intersection.lat, stop.intersection.lon) : 0;
  const meters = driveway + candidate.distanceMeters;
  return { durationMs: Math.round((meters * 3600) / PARKING_KMH), distanceCm: Math.round(meters * 100) };
}

function withConnection(seeds: Seed[], connection: Connection): Seed[] {
  if (connection === NO_CONNECTION) return seeds;
  return seeds.map((seed) => ({
    node: seed.node, weight: seed.weight + connection.durationMs, distance: seed.distance + connection.distanceCm,
  }));
}

/** Where the stop meets the road, whatever the metric: its type's road if one is in reach, else any road. */
function snapCandidate(router: ProfileRouter, stop: StopPlace, metric: RoutingMetric): { candidate: SnapCandidate; unsafe: boolean } | null {
  const point = stop.intersection ?? stop.location;
  const usable = (arc: number) => metric.weight[arc]! < BLOCKED_MS;
  const rules = typeRules(router, stop, usable);
  const typed = rules && router.snapIndex.snap(point.lat, point.lon, rules);
  if (typed) return { candidate: typed, unsafe: false };
  const candidate = router.snapIndex.snap(point.lat, point.lon, { filter: usable });
  if (!candidate) return null;
  // A vehicle's heading only narrows its choice; no road is forbidden to it.
  return { candidate, unsafe: rules !== null && stop.type !== 'vehicle' };
}

/** The seeds of an already snapped stop under another metric (a traffic pattern of the same vehicle). */
export function reseeded(router: ProfileRouter, stop: SnappedStop, metric: RoutingMetric): SnappedStop {
  const { candidate, connection } = stop;
  const seeds = turnSeedsOf(router.graph, router.turns, router.arcCopies, candidate, metric.weight);
  const open = [candidate.arc, candidate.reverseArc].filter((arc) => arc >= 0 && metric.weight[arc]! < BLOCKED_MS);
  return {
    candidate, unsafe: stop.unsafe, connection,
    departures: {
      seeds: withConnection(seeds.sources, connection),
      positions: seeds.sourceArcs.map((arc) => positionOn(router, candidate, arc)),
      through: seeds.sourceThrough,
      turnMs: seeds.sourceTurnMs,
    },
    arrivals: {
      seeds: withConnection(seeds.targets, connection),
      positions: seeds.targetArcs.map((arc) => positionOn(router, candidate, arc)),
      through: seeds.targetThrough,
      turnMs: seeds.targetTurnMs,
    },
    along: open.map((arc) => positionOn(router, candidate, arc)),
  };
}

/** Null when no road the metric may use lies within the snap radius. */
export function snapStop(router: ProfileRouter, stop: StopPlace, metric: RoutingMetric): SnappedStop | null {
  const snapped = snapCandidate(router, stop, metric);
  if (!snapped) return null;
  const empty: AnchoredSeeds = { seeds: [], positions: [], through: [], turnMs: [] };
  const bare = { ...snapped, connection: connectionOf(stop, snapped.candidate), departures: empty, arrivals: empty, along: [] };
  return reseeded(router, bare, metric);
}

/**
 * The stop left only along the road arc a leg reached it on (a primary arc, or a restriction copy of one):
 * `continue_straight` at a via stop. Unchanged when that arc has no way on (a one-way dead end).
 */
export function continuingOn(router: ProfileRouter, stop: SnappedStop, arrivedOn: number): SnappedStop {
  const arc = router.graph.arcOrigin[arrivedOn]!;
  const keep = stop.departures.positions.flatMap((position, k) => (position.arc === arc ? [k] : []));
  if (keep.length === 0) return stop;
  const { seeds, positions, through, turnMs } = stop.departures;
  return {
    ...stop,
    departures: {
      seeds: keep.map((k) => seeds[k]!), positions: keep.map((k) => positions[k]!),
      through: keep.map((k) => through[k]!), turnMs: keep.map((k) => turnMs[k]!),
    },
    along: stop.along.filter((position) => position.arc === arc),
  };
}
