import type { TurnProfile } from '../graph/turn-model.js';
import type { OsmTags } from '../osm/index.js';
import type { RoadClass } from './road-class.js';

/** What a profile makes of one way; null from `Profile.way` means the vehicle cannot use it at all. */
export interface WayRule {
  roadClass: RoadClass;
  forward: boolean;
  backward: boolean;
  /** Speeds in km/h per direction, outside and inside built-up areas (equal when `maxspeed` is tagged). */
  ruralKmh: [forward: number, backward: number];
  urbanKmh: [forward: number, backward: number];
  /** Duration of the whole way in seconds when tagged (ferries); 0 means speed × length. */
  durationSeconds: number;
  /** ArcFlag bits that hold in both directions. */
  flags: number;
  /**
   * 0 when absent. Every profile keeps them, so that the profiles of a map share them; only one that checks
   * dimensions reads them, and only it keeps ways whose limits exclude some of its vehicles.
   */
  maxHeightMeters: number;
  maxWeightTonnes: number;
  maxWidthMeters: number;
  maxLengthMeters: number;
  maxAxleLoadTonnes: number;
  name: string;
}

export type ProfileName = 'auto' | 'truck';

/** A restriction value (`no_left_turn`…) and the hours of the week it applies in (null: always). */
export interface TimedRestriction {
  value: string;
  hours: Uint8Array | null;
}

export interface Profile {
  readonly name: ProfileName;
  way(tags: OsmTags): WayRule | null;
  /** Whether a node tagged like this stops the vehicle (bollards, blocks, private gates…). */
  isBarrier(tags: OsmTags): boolean;
  /**
   * The restriction (`no_left_turn`, `only_straight_on`…) that applies to this vehicle, if any, from its own
   * key or its `:conditional` form; 'unreadable' when a conditional one has a condition that cannot be read.
   */
  restrictionOf(tags: OsmTags): TimedRestriction | 'unreadable' | undefined;
  /** Seconds added when passing a node tagged highway=traffic_signals (OSRM's car profile uses 2). */
  readonly trafficSignalSeconds: number;
  /** What turns cost this vehicle and where it may turn back (docs/routing.md). */
  readonly turns: TurnProfile;
  /** Whether ways keep height/weight limits to be checked per dimension class (trucks). */
  readonly checksDimensions: boolean;
}
