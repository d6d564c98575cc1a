/**
 * A user's traffic file (FLEETROUTE_TRAFFIC_FILE), replacing the built-in typical week: CSV lines
 * `way_id,hour_of_week,speed_kmh` (hour 0 = Monday 00:00–01:00 … 167; `#` comments and a header line are
 * skipped). A way drives at the listed speed in that hour and at its free-flow speed in hours it is not
 * listed for. Hours listing the same speeds share one pattern, hence one metric.
 */
import { readFileSync } from 'node:fs';
import { ConfigError } from '../../config.js';
import { HOURS_PER_WEEK } from './hour-of-week.js';
import { FREE_FLOW_PATTERN, type TrafficModel, type TrafficPattern } from './traffic-model.js';

function parseLine(line: string, where: string): [wayId: number, hour: number, speedKmh: number] {
  const fields = line.split(',').map((field) => Number(field.trim()));
  const [wayId, hour, speed] = fields;
  if (fields.length !== 3 || !Number.isSafeInteger(wayId) || !Number.isInteger(hour) || !Number.isFinite(speed)) {
    throw new ConfigError(`${where}: expected "way_id,hour_of_week,speed_kmh"`);
  }
  if (hour! < 0 || hour! >= HOURS_PER_WEEK) throw new ConfigError(`${where}: hour_of_week must be 0 to 167`);
  if (!(speed! > 0)) throw new ConfigError(`${where}: speed_kmh must be above 0`);
  return [wayId!, hour!, speed!];
}

/** The speeds of each hour, from the file's text. */
function speedsByHour(text: string, file: string): Map<number, number>[] {
  const hours = Array.from({ length: HOURS_PER_WEEK }, () => new Map<number, number>());
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.replace(/#.*/, '').trim();
    if (line === '' || (index === 0 && /[a-z]/i.test(line))) return;
    const [wayId, hour, speed] = parseLine(line, `${file}:${index + 1}`);
    hours[hour]!.set(wayId, speed);
  });
  return hours;
}

function identity(speeds: Map<number, number>): string {
  return [...speeds].sort((a, b) => a[0] - b[0]).join(';');
}

export function parseTrafficFile(text: string, file: string): TrafficModel {
  const patterns: (TrafficPattern | null)[] = [null];
  const byIdentity = new Map<string, number>();
  const patternOfHour = speedsByHour(text, file).map((speeds) => {
    if (speeds.size === 0) return FREE_FLOW_PATTERN;
    const key = identity(speeds);
    let pattern = byIdentity.get(key);
    if (pattern === undefined) {
      pattern = patterns.push({ kind: 'ways', speedKmh: speeds }) - 1;
      byIdentity.set(key, pattern);
    }
    return pattern;
  });
  return { source: file, patterns, patternOfHour };
}

export function readTrafficFile(file: string): TrafficModel {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError(`FLEETROUTE_TRAFFIC_FILE: cannot read ${file}: ${(error as Error).message}`);
  }
  return parseTrafficFile(text, file);
}
