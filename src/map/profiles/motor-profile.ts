import { ArcFlag } from '../arc-flags.js';
import type { OsmTags } from '../osm/index.js';
import type { TurnProfile } from '../graph/turn-model.js';
import type { Profile, ProfileName, TimedRestriction, WayRule } from './profile.js';
import { conditionalParts } from './conditional-tags.js';
import { conditionTime } from './restriction-condition.js';
import { RoadClass, isLink, isMotorwayLike, roadClassOfHighway } from './road-class.js';
import { firstTag, parseDurationSeconds, parseLengthMeters, parseMaxspeed, parseOneway } from './tag-parsers.js';
import { limitBySurface } from './surface-speeds.js';
import { sizeLimitsOfWay } from './size-limits.js';

/** Everything in which the car and truck profiles differ; the rules themselves are shared. */
export interface MotorProfileConfig {
  name: ProfileName;
  /** Access keys from most to least specific; the first one set decides. */
  accessKeys: readonly string[];
  /** Key whose `no`/`private` closes a way to heavy vehicles only (truck), flagging it HgvForbidden. */
  heavyVehicleKey?: string;
  /** Default speeds per RoadClass (index) outside and inside built-up areas, km/h. */
  ruralKmh: readonly number[];
  urbanKmh: readonly number[];
  /** Upper bound per RoadClass whatever the maxspeed (truck speed limits); omitted for cars. */
  capKmh?: readonly number[];
  maxspeedKeys: readonly string[];
  restrictionKeys: readonly string[];
  /** `except=` values that exempt this vehicle from a turn restriction. */
  exceptValues: readonly string[];
  /** Ways lower than this are dropped (the car's own height); trucks instead check limits per way. */
  dropBelowHeightMeters: number;
  /** Whether the vehicle's size decides which ways it may use (trucks: dimension-classes.ts). */
  checksDimensions: boolean;
  turns: TurnProfile;
}

const ACCESS_ALLOWED = new Set(['yes', 'motorcar', 'motor_vehicle', 'vehicle', 'permissive', 'designated', 'hov']);
const ACCESS_DENIED = new Set(['no', 'agricultural', 'forestry', 'emergency', 'psv', 'bus', 'military']);
/** Usable only to reach a stop inside (docs/routing.md, destination-only zones). */
const ACCESS_DESTINATION = new Set(['destination', 'delivery', 'customers', 'private']);
/** A private gate still stops a vehicle: the map says nothing of who may open it. */
const BARRIER_ACCESS_DENIED = new Set([...ACCESS_DENIED, 'private']);
/** OSRM car.lua: barriers a car can pass. */
const PASSABLE_BARRIERS = new Set([
  'cattle_grid', 'border_control', 'toll_booth', 'sally_port', 'gate', 'lift_gate', 'no', 'entrance',
  'height_restrictor', 'arch',
]);
/** highway values that are never roads, even with motor_vehicle=yes. */
const NOT_ROADS = new Set([
  'footway', 'path', 'cycleway', 'bridleway', 'steps', 'pedestrian', 'corridor', 'elevator', 'platform',
  'construction', 'proposed', 'abandoned', 'razed', 'bus_guideway', 'raceway', 'escape', 'via_ferrata',
]);
const FERRY_KMH = 5;
const SHUTTLE_TRAIN_KMH = 10;
const OTHER_ROAD_KMH = 10;
/** OSRM's speed_reduction: tagged limits are not driven at full speed on average. */
const MAXSPEED_SHARE = 0.8;

function isUnusable(tags: OsmTags): boolean {
  return tags.area === 'yes' || tags.impassable === 'yes' || tags.status === 'impassable'
    || tags.oneway === 'reversible' || tags.oneway === 'alternating' || tags.service === 'emergency_access'
    || tags.smoothness === 'impassable';
}

/** As OSRM's car.lua: a private service road (a driveway, a car park aisle) is closed, a private street a zone. */
function closedBy(access: string, highway: string | undefined): boolean {
  return ACCESS_DENIED.has(access) || (access === 'private' && highway === 'service');
}

function directionalValue(tags: OsmTags, keys: readonly string[], suffix: ':forward' | ':backward'): string | undefined {
  for (const key of keys) {
    const value = tags[key + suffix] ?? tags[key];
    if (value !== undefined) return value;
  }
  return undefined;
}

class MotorProfile implements Profile {
  readonly trafficSignalSeconds = 2;

  constructor(private readonly config: MotorProfileConfig) {}

  get name(): ProfileName {
    return this.config.name;
  }

  get turns(): TurnProfile {
    return this.config.turns;
  }

  get checksDimensions(): boolean {
    return this.config.checksDimensions;
  }

  way(tags: OsmTags): WayRule | null {
    if (isUnusable(tags)) return null;
    const access = firstTag(tags, this.config.accessKeys);
    const heavy = this.config.heavyVehicleKey ? tags[this.config.heavyVehicleKey] : undefined;
    if (access !== undefined && closedBy(access, tags.highway) && !(heavy && ACCESS_ALLOWED.has(heavy))) return null;
    const roadClass = this.roadClassOf(tags, access);
    if (roadClass === undefined) return null;
    const limits = sizeLimitsOfWay(tags);
    if (limits.heightMeters > 0 && limits.heightMeters < this.config.dropBelowHeightMeters) return null;
    const direction = this.direction(tags, roadClass);
    if (direction.forward === false && direction.backward === false) return null;
    return {
      roadClass,
      ...direction,
      ...this.speeds(tags, roadClass),
      durationSeconds: roadClass >= RoadClass.Ferry ? parseDurationSeconds(tags.duration) ?? 0 : 0,
      flags: this.flags(tags, roadClass, access, heavy),
      maxHeightMeters: limits.heightMeters, maxWeightTonnes: limits.weightTonnes, maxWidthMeters: limits.widthMeters,
      maxLengthMeters: limits.lengthMeters, maxAxleLoadTonnes: limits.axleLoadTonnes,
      name: tags.name ?? tags.ref ?? '',
    };
  }

  isBarrier(tags: OsmTags): boolean {
    const heightLimit = parseLengthMeters(tags.maxheight) ?? 0;
    if (heightLimit > 0 && heightLimit < this.config.dropBelowHeightMeters) return true;
    const access = firstTag(tags, this.config.accessKeys);
    if (access !== undefined) return BARRIER_ACCESS_DENIED.has(access);
    const barrier = tags.barrier;
    if (barrier === undefined || PASSABLE_BARRIERS.has(barrier)) return false;
    if (barrier === 'bollard' && tags.bollard === 'rising') return false;
    if (barrier === 'kerb' && (tags.kerb === 'flush' || tags.kerb === 'lowered')) return false;
    return true;
  }

  restrictionOf(tags: OsmTags): TimedRestriction | 'unreadable' | undefined {
    if (tags.type !== 'restriction') return undefined;
    const exempt = (tags.except ?? '').split(';').some((v) => this.config.exceptValues.includes(v.trim()));
    if (exempt) return undefined;
    const value = firstTag(tags, this.config.restrictionKeys);
    if (value !== undefined) return { value, hours: null };
    return this.conditionalRestriction(firstTag(tags, this.config.restrictionKeys.map((key) => `${key}:conditional`)));
  }

  /** The first part of a `restriction:conditional` whose condition may hold for this vehicle. */
  private conditionalRestriction(tagValue: string | undefined): TimedRestriction | 'unreadable' | undefined {
    for (const part of conditionalParts(tagValue)) {
      const time = conditionTime(part.condition, this.config.checksDimensions);
      if (time === undefined) return 'unreadable';
      if (time !== 'never') return { value: part.value, hours: time === 'always' ? null : time };
    }
    return undefined;
  }

  private roadClassOf(tags: OsmTags, access: string | undefined): RoadClass | undefined {
    if (tags.route === 'ferry') return RoadClass.Ferry;
    if (tags.route === 'shuttle_train') return RoadClass.ShuttleTrain;
    const highway = tags.highway;
    if (highway === undefined) return undefined;
    const known = roadClassOfHighway(highway);
    if (known !== undefined) return known;
    // Like OSRM: other highway values only when explicitly open to motor vehicles.
    return access !== undefined && ACCESS_ALLOWED.has(access) && !NOT_ROADS.has(highway) ? RoadClass.Other : undefined;
  }

  private direction(tags: OsmTags, roadClass: RoadClass): { forward: boolean; backward: boolean } {
    const implied = tags.junction === 'roundabout' || tags.junction === 'circular' || roadClass === RoadClass.Motorway;
    const oneway = parseOneway(tags.oneway) ?? (implied ? 1 : 0);
    return { forward: oneway !== -1, backward: oneway !== 1 };
  }

  private speeds(tags: OsmTags, roadClass: RoadClass): Pick<WayRule, 'ruralKmh' | 'urbanKmh'> {
    const forward = parseMaxspeed(directionalValue(tags, this.config.maxspeedKeys, ':forward'));
    const backward = parseMaxspeed(directionalValue(tags, this.config.maxspeedKeys, ':backward'));
    const pick = (table: readonly number[], tagged: number | undefined): number => {
      const base = tagged !== undefined && tagged > 0 ? tagged * MAXSPEED_SHARE : this.defaultKmh(table, roadClass);
      const limited = limitBySurface(tags, base);
      const cap = this.config.capKmh?.[roadClass];
      return cap === undefined ? limited : Math.min(limited, cap);
    };
    return {
      ruralKmh: [pick(this.config.ruralKmh, forward), pick(this.config.ruralKmh, backward)],
      urbanKmh: [pick(this.config.urbanKmh, forward), pick(this.config.urbanKmh, backward)],
    };
  }

  private defaultKmh(table: readonly number[], roadClass: RoadClass): number {
    if (roadClass === RoadClass.Ferry) return FERRY_KMH;
    if (roadClass === RoadClass.ShuttleTrain) return SHUTTLE_TRAIN_KMH;
    return table[roadClass] ?? OTHER_ROAD_KMH;
  }

  private flags(tags: OsmTags, roadClass: RoadClass, access: string | undefined, heavy: string | undefined): number {
    let flags = 0;
    if (isMotorwayLike(roadClass)) flags |= ArcFlag.MotorwayLike;
    if (isLink(roadClass)) flags |= ArcFlag.Link;
    if (tags.tunnel === 'yes' || tags.tunnel === 'building_passage') flags |= ArcFlag.Tunnel;
    if (tags.toll === 'yes' || (this.config.heavyVehicleKey && tags['toll:hgv'] === 'yes')) flags |= ArcFlag.Toll;
    if (roadClass >= RoadClass.Ferry && roadClass <= RoadClass.ShuttleTrain) flags |= ArcFlag.Ferry;
    if ((access !== undefined && ACCESS_DESTINATION.has(access)) || (heavy !== undefined && ACCESS_DESTINATION.has(heavy))) {
      flags |= ArcFlag.Destination;
    }
    if (heavy === 'no' || heavy === 'private') flags |= ArcFlag.HgvForbidden;
    if (heavy === 'designated') flags |= ArcFlag.HgvDesignated;
    if (tags.junction === 'roundabout' || tags.junction === 'circular') flags |= ArcFlag.Roundabout;
    if (!(flags & (ArcFlag.MotorwayLike | ArcFlag.Tunnel | ArcFlag.Ferry))) flags |= ArcFlag.SafeToStop;
    return flags;
  }
}

export function createMotorProfile(config: MotorProfileConfig): Profile {
  return new MotorProfile(config);
}
