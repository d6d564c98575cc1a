/**
 * The built-in typical week (docs/traffic.md): free flow at night, weekday rush hours that slow urban main
 * roads most, lighter weekday and weekend daytime traffic. Four patterns in all, so a map needs at most three
 * metrics beyond its own. The factors multiply free-flow speeds; they are assumptions in the spirit of
 * published congestion indices (urban arterials at roughly half speed in the peak), not measurements.
 */
import { RoadClass } from '../../map/profiles/road-class.js';
import { FREE_FLOW_PATTERN, type TrafficModel, type TrafficPattern } from './traffic-model.js';

/** Factors for motorway-like roads, main roads (primary–tertiary and links) and minor roads. */
interface ClassFactors {
  motorway: number;
  main: number;
  minor: number;
}

function byRoadClass(factors: ClassFactors): number[] {
  return Array.from({ length: RoadClass.Other + 1 }, (_, roadClass) => {
    if (roadClass <= RoadClass.TrunkLink) return factors.motorway;
    if (roadClass <= RoadClass.TertiaryLink) return factors.main;
    if (roadClass <= RoadClass.Service) return factors.minor;
    return 1; // ferries and shuttle trains keep their timetable
  });
}

function pattern(urban: ClassFactors, rural: ClassFactors): TrafficPattern {
  return { kind: 'road-classes', urban: byRoadClass(urban), rural: byRoadClass(rural) };
}

const WEEKDAY_DAYTIME = 1, WEEKDAY_RUSH = 2, WEEKEND_DAYTIME = 3;

const PATTERNS: TrafficPattern[] = [];
PATTERNS[WEEKDAY_DAYTIME] = pattern({ motorway: 0.9, main: 0.8, minor: 0.95 }, { motorway: 0.95, main: 0.95, minor: 1 });
PATTERNS[WEEKDAY_RUSH] = pattern({ motorway: 0.6, main: 0.5, minor: 0.85 }, { motorway: 0.85, main: 0.9, minor: 1 });
PATTERNS[WEEKEND_DAYTIME] = pattern({ motorway: 0.95, main: 0.85, minor: 0.95 }, { motorway: 0.95, main: 0.95, minor: 1 });

const RUSH_HOURS = new Set([7, 8, 16, 17, 18]);

/** Monday = day 0 … Sunday = day 6. */
function patternOf(day: number, hour: number): number {
  const weekend = day >= 5;
  if (weekend) return hour >= 9 && hour < 20 ? WEEKEND_DAYTIME : FREE_FLOW_PATTERN;
  if (RUSH_HOURS.has(hour)) return WEEKDAY_RUSH;
  return hour >= 6 && hour < 22 ? WEEKDAY_DAYTIME : FREE_FLOW_PATTERN;
}

export const TYPICAL_WEEK: TrafficModel = {
  source: 'built-in typical week',
  patterns: [null, ...PATTERNS.slice(1)],
  patternOfHour: Array.from({ length: 168 }, (_, hour) => patternOf(Math.floor(hour / 24), hour % 24)),
};
