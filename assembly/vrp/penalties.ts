// What each violation adds to internal_cost (docs/api.md, Costs): a hard violation 10,000 plus 1 per second or unit
// of excess; a late soft time window 1 per minute; overtime 1.5 × cost_per_hour per hour; a break not taken
// 100. `criticalMask` turns soft types hard (stop bits first, then route bits shifted by STOP_VIOLATION_TYPES).
import {
  R_STOP_COUNT, R_VIOLATIONS, RV_BREAK_NOT_TAKEN, RV_OVERTIME, S_VIOLATIONS, STOP_STRIDE, STOP_VIOLATION_TYPES, V_TIME_WINDOW,
} from './layout';
import { criticalMask, hardWindows } from './problem';

export const HARD_VIOLATION: f64 = 10000;

@inline function routeBitCritical(bit: u32): bool {
  return (criticalMask & (bit << STOP_VIOLATION_TYPES)) != 0;
}

export function windowsAreHard(): bool {
  return hardWindows || (criticalMask & V_TIME_WINDOW) != 0;
}

/** Penalty of a stop's violations; `lateness` is the seconds its service started after its window ended. */
export function stopPenalty(bits: u32, lateness: f64): f64 {
  let penalty: f64 = 0;
  let rest = bits;
  if (rest & V_TIME_WINDOW) {
    penalty += windowsAreHard() ? HARD_VIOLATION + lateness : lateness / 60;
    rest &= ~V_TIME_WINDOW;
  }
  return penalty + <f64>popcnt(rest) * HARD_VIOLATION;
}

/** A hard route violation with its excess (seconds or units). */
export function hardPenalty(excess: f64): f64 {
  return HARD_VIOLATION + excess;
}

export function overtimePenalty(overtime: f64, costPerHour: f64): f64 {
  return routeBitCritical(RV_OVERTIME) ? HARD_VIOLATION + overtime : 1.5 * costPerHour * overtime / 3600;
}

export function breaksNotTakenPenalty(count: i32): f64 {
  return <f64>count * (routeBitCritical(RV_BREAK_NOT_TAKEN) ? HARD_VIOLATION : 100);
}

/** How many violations a set of bits stands for. */
export function violationCount(bits: u32): i32 {
  return <i32>popcnt(bits);
}

/** Route violation bits that are hard: every type but overtime and breaks not taken, unless made critical. */
export function hardRouteViolationBits(): u32 {
  const criticalRoute = criticalMask >> <u32>STOP_VIOLATION_TYPES;
  return ~((RV_OVERTIME | RV_BREAK_NOT_TAKEN) & ~criticalRoute);
}

/** Stop violation bits that are hard: all of them, but a missed window only when windows are hard. */
function hardStopViolationBits(): u32 {
  return windowsAreHard() ? 0xffffffff : ~V_TIME_WINDOW;
}

/**
 * Hard violations of a route just timed into `summary` and its itinerary `stops` (room for `stopRoom`): what
 * build, insert and recommend never create unless allowed (docs/api.md, Costs).
 */
export function hardViolationsOf(summary: usize, stops: usize, stopRoom: i32): i32 {
  const stopBits = hardStopViolationBits();
  let hard = <i32>popcnt(<u32>load<f64>(summary + (<usize>R_VIOLATIONS << 3)) & hardRouteViolationBits());
  const written = min(<i32>load<f64>(summary + (<usize>R_STOP_COUNT << 3)), stopRoom);
  for (let stop = 0; stop < written; stop++) {
    hard += <i32>popcnt(<u32>load<f64>(stops + (<usize>(stop * STOP_STRIDE + S_VIOLATIONS) << 3)) & stopBits);
  }
  return hard;
}
