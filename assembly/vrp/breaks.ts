// Driver breaks along a route (docs/api.md, Breaks). A break is taken at the first moment the route reaches its
// earliest start: before leaving a stop (so a break that falls during a job is taken right after it), during
// a drive, or while waiting for a time window. A break whose latest start is before the route starts, or whose
// earliest start is not reached before the route ends, is not taken. Legal breaks interrupt the driving after
// every `legalInterval` of it; a scheduled break at least as long as a legal one also resets that count.
import { STOP_BREAK, STOP_LEGAL_BREAK } from './layout';
import { pushStop } from './itinerary';
import { breakEarliest, breakLatest, breakLength, legalBreaks, legalDuration, legalInterval } from './problem';

let nextBreak: i32 = 0;
let lastBreak: i32 = 0;
let drivenSinceRest: f64 = 0;
let legalCount: i32 = 0;
let notTaken: i32 = 0;

export function beginBreaks(first: i32, count: i32, startTime: f64): void {
  nextBreak = first;
  lastBreak = first + count;
  drivenSinceRest = 0;
  legalCount = 0;
  notTaken = 0;
  while (nextBreak < lastBreak && breakLatest(nextBreak) < startTime) {
    notTaken++;
    nextBreak++;
  }
}

/** Earliest start of the next pending break, +Infinity when none is left. */
export function nextBreakEarliest(): f64 {
  return nextBreak < lastBreak ? breakEarliest(nextBreak) : Infinity;
}

/** Takes the next pending break at `time`; returns when it ends. */
export function takeNextBreak(time: f64): f64 {
  const length = breakLength(nextBreak);
  pushStop(STOP_BREAK, nextBreak, -1, time, 0, length, 0, 0);
  nextBreak++;
  if (length >= legalDuration) drivenSinceRest = 0;
  return time + length;
}

/** Before leaving a stop at `time`: every break already due is taken now. Returns the departure time. */
export function takeDueBreaks(time: f64): f64 {
  let now = time;
  while (nextBreakEarliest() <= now) now = takeNextBreak(now);
  return now;
}

function takeLegalBreak(time: f64): f64 {
  pushStop(STOP_LEGAL_BREAK, legalCount++, -1, time, 0, legalDuration, 0, 0);
  drivenSinceRest = 0;
  return time + legalDuration;
}

/** Drives `duration` seconds from `time`, stopping for the breaks that come due on the way; returns the arrival. */
export function drive(time: f64, duration: f64): f64 {
  let now = time;
  let remaining = duration;
  while (true) {
    const scheduled = nextBreakEarliest();
    const legalAfter = legalBreaks ? Math.max(legalInterval - drivenSinceRest, 0) : Infinity;
    const scheduledAfter = scheduled < now + remaining ? Math.max(scheduled - now, 0) : Infinity;
    const legalDue = legalAfter < remaining;
    if (!legalDue && scheduledAfter == Infinity) break;
    const driven = Math.min(scheduledAfter, legalAfter);
    now += driven;
    remaining -= driven;
    drivenSinceRest += driven;
    now = scheduledAfter <= legalAfter ? takeNextBreak(now) : takeLegalBreak(now);
  }
  drivenSinceRest += remaining;
  return now + remaining;
}

/** At the end of the route: the breaks still pending were not taken. Returns how many breaks were not taken. */
export function finishBreaks(): i32 {
  notTaken += lastBreak - nextBreak;
  nextBreak = lastBreak;
  return notTaken;
}
