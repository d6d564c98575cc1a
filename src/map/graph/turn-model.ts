import { RoadClass } from '../profiles/road-class.js';
import { NodeControl } from './node-control.js';

export type DrivingSide = 'right' | 'left';

/** Bump whenever a turn cost or rule changes (zone borders included): hierarchies of turn graphs are cached under it. */
export const TURN_MODEL_VERSION = 4;

/** Per-vehicle turn costs; the numbers and their sources are in docs/routing.md. */
export interface TurnProfile {
  /** Plateau of the turn-angle sigmoid, seconds (OSRM car.lua's turn_penalty). */
  turnSeconds: number;
  /** Angle cost multiplier for turns sharper than SHARP_TURN_DEGREES (long vehicles sweep wide). */
  sharpTurnFactor: number;
  uTurnSeconds: number;
  /** Whether the vehicle may turn back at turning circles (trucks: unless tagged too small). */
  usesSmallTurningPlaces: boolean;
}

export const AUTO_TURNS: TurnProfile = { turnSeconds: 7.5, sharpTurnFactor: 1, uTurnSeconds: 20, usesSmallTurningPlaces: true };
export const TRUCK_TURNS: TurnProfile = { turnSeconds: 7.5, sharpTurnFactor: 2, uTurnSeconds: 60, usesSmallTurningPlaces: false };

/** OSRM's turn_bias: how much more a turn across oncoming traffic costs than one to the kerb side. */
const TURN_BIAS = 1.075;
const SHARP_TURN_DEGREES = 120;
const STOP_MS = 3000;
const GIVE_WAY_MS = 1500;
/** Crossing (or turning across) a bigger road from a minor one without a signal: waiting for a gap. */
const CROSS_BIGGER_ROAD_MS = 4000;
/** Turns within this many degrees of straight ahead go across the junction rather than into a side. */
const STRAIGHT_DEGREES = 45;

/** One turn at a graph node, as the turn model needs to see it. */
export interface Turn {
  /** Signed turn angle, degrees in (-180, 180]: 0 straight on, positive to the right, ±180 back. */
  angle: number;
  /** Whether the turn drives back along the edge it arrived on. */
  uTurn: boolean;
  /** Edges meeting at the node (1: a dead end). */
  roadsAtNode: number;
  /** NodeControl bits of the node. */
  control: number;
  fromClass: RoadClass;
  /** Biggest class (lowest RoadClass value) among the node's edges other than the one arrived on. */
  biggestOtherClass: RoadClass;
}

/** Signed angle from driving along `inBearing` to driving along `outBearing`, positive to the right. */
export function turnAngle(inBearing: number, outBearing: number): number {
  const delta = (((outBearing - inBearing) % 360) + 360) % 360;
  return delta > 180 ? delta - 360 : delta;
}

/** Whether the turn goes across oncoming traffic: left where traffic keeps right, right where it keeps left. */
function acrossTraffic(angle: number, side: DrivingSide): boolean {
  return side === 'right' ? angle < 0 : angle > 0;
}

/**
 * OSRM car.lua's sigmoid of the angle: near 0 straight on, about 2 s for a kerb-side right angle, 5.4 s
 * across traffic, the plateau for turning back. Mirrored where traffic keeps left.
 */
function angleMs(angle: number, side: DrivingSide, profile: TurnProfile): number {
  const bias = side === 'right' ? TURN_BIAS : 1 / TURN_BIAS;
  const share = Math.abs(angle) / 180;
  const exponent = angle >= 0 ? (13 / bias) * share - 6.5 * bias : 13 * bias * share - 6.5 / bias;
  const sharp = Math.abs(angle) > SHARP_TURN_DEGREES ? profile.sharpTurnFactor : 1;
  return (sharp * profile.turnSeconds * 1000) / (1 + Math.exp(-exponent));
}

/** Waiting at the node: a signal orders the junction; otherwise signs, then the gap in a bigger road. */
function yieldMs(turn: Turn, side: DrivingSide): number {
  if (turn.control & NodeControl.TrafficSignals) return 0;
  const minorApproach = turn.fromClass >= turn.biggestOtherClass;
  if (!minorApproach) return 0;
  const sign = turn.control & NodeControl.Stop ? STOP_MS : turn.control & NodeControl.GiveWay ? GIVE_WAY_MS : 0;
  const crossesBigger = turn.fromClass > turn.biggestOtherClass
    && (Math.abs(turn.angle) <= STRAIGHT_DEGREES || acrossTraffic(turn.angle, side));
  return sign + (crossesBigger ? CROSS_BIGGER_ROAD_MS : 0);
}

/**
 * Whether a vehicle may turn back at this node: at a dead end (including the end at a blocking barrier),
 * at a turning place, or where an `only_u_turn` says so; never in the middle of a way or at an ordinary
 * junction otherwise. A turning place tagged
 * too small is refused to vehicles that do not fit, even at a dead end: they go in only for a stop inside.
 */
export function uTurnAllowed(turn: Pick<Turn, 'roadsAtNode' | 'control'>, profile: Pick<TurnProfile, 'usesSmallTurningPlaces'>): boolean {
  if (turn.control & NodeControl.SmallTurningPlace && !profile.usesSmallTurningPlaces) return false;
  return turn.roadsAtNode <= 1 || (turn.control & (NodeControl.TurningPlace | NodeControl.MappedUTurn)) !== 0;
}

/**
 * Milliseconds a turn costs, or -1 when it is not allowed (a U-turn where turning back is not). A bend where
 * only two roads meet costs nothing, as in OSRM: the way simply continues.
 */
export function turnCostMs(turn: Turn, side: DrivingSide, profile: TurnProfile): number {
  if (turn.uTurn) {
    if (!uTurnAllowed(turn, profile)) return -1;
    return Math.round(angleMs(180, side, profile) + profile.uTurnSeconds * 1000);
  }
  const angle = turn.roadsAtNode > 2 ? angleMs(turn.angle, side, profile) : 0;
  return Math.round(angle + yieldMs(turn, side));
}

/** Class used for "no other road" so that nothing counts as bigger. */
export const NO_ROAD_CLASS = RoadClass.Other;
