/**
 * Timespans: `HH:MM` or `HH:MM:SS` in (hours may exceed 23, a leading `-` allowed), `HH:MM:SS` out.
 * Values are float seconds inside the service and are rounded to whole seconds only here, when written.
 */
import { failed, outOfRange, parsed, type Parsed } from './faults.js';

const timespanText = /^\s*(-)?(\d+):([0-5]\d)(?::([0-5]\d(?:\.\d+)?))?\s*$/;

/** Seconds of a clock-like text, or undefined when it is not `[-]H+:MM[:SS]`. */
export function clockSeconds(text: string): { seconds: number; negative: boolean } | undefined {
  const match = timespanText.exec(text);
  if (!match) return undefined;
  const seconds = Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0);
  return { seconds: match[1] ? -seconds : seconds, negative: match[1] !== undefined };
}

/**
 * Longest timespan or time of day accepted (over a year). No plan needs more, and bounding every input keeps
 * the times computed from them within the dates the service can write.
 */
export const maxTimespanHours = 10_000;

/** The clock's seconds, or `value_out_of_range_error` beyond `maxTimespanHours` either way. */
export function boundedSeconds(seconds: number): Parsed<number> {
  if (Math.abs(seconds) <= maxTimespanHours * 3600) return parsed(seconds);
  return outOfRange(`Expected at most ${maxTimespanHours} hours either way`, {
    minimum: `-${maxTimespanHours}:00:00`, maximum: `${maxTimespanHours}:00:00`,
  });
}

export function parseTimespan(value: unknown): Parsed<number> {
  if (typeof value === 'string') {
    const clock = clockSeconds(value);
    if (clock) return boundedSeconds(clock.seconds);
  }
  return failed('invalid_timespan_error', 'Expected a timespan "HH:MM" or "HH:MM:SS"');
}

function twoDigits(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** `HH:MM:SS`, negative with a leading `-`; hours grow beyond 23 rather than wrapping. */
export function formatTimespan(seconds: number): string {
  const whole = Math.round(Math.abs(seconds));
  const sign = seconds < 0 && whole > 0 ? '-' : '';
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  return `${sign}${twoDigits(hours)}:${twoDigits(minutes)}:${twoDigits(whole % 60)}`;
}
