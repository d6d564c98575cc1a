/**
 * The memory layout of the VRP kernels, read from the module itself: assembly/vrp/layout.ts exports every
 * index as a global, so the values exist in one place only. This file lists the names TypeScript uses; a
 * name the module lacks fails loudly at load time.
 */
import { exportedConstant } from './exported-constants.js';

const layoutNames = [
  'HEADER_SIZE', 'H_PLACE_COUNT', 'H_JOB_COUNT', 'H_ROUTE_COUNT', 'H_CLASS_COUNT', 'H_LOAD_METRICS',
  'H_ATTRIBUTE_WORDS', 'H_HARD_WINDOWS', 'H_CRITICAL_MASK', 'H_LEGAL_BREAKS', 'H_LEGAL_DURATION', 'H_LEGAL_INTERVAL',
  'H_CLASS_DURATIONS', 'H_CLASS_DISTANCES', 'H_CLASS_SLOTS', 'H_JOB_LOCATION', 'H_JOB_EXIT_LOCATION',
  'H_JOB_TIME_ON_SITE', 'H_JOB_EXIT_TIME_ON_SITE', 'H_JOB_WINDOW_COUNT', 'H_JOB_WINDOWS', 'H_JOB_LOADS',
  'H_JOB_PRE_DEPOT_NEED', 'H_JOB_POST_DEPOT_NEED', 'H_PLACE_DEPOT_ATTRIBUTES', 'H_ROUTE_VISIT_START',
  'H_ROUTE_VISIT_COUNT', 'H_VISITS', 'H_VISIT_FAULTS', 'H_ROUTE_CLASS', 'H_ROUTE_START_PLACE', 'H_ROUTE_END_PLACE',
  'H_ROUTE_PARAMETERS', 'H_ROUTE_BREAK_START', 'H_ROUTE_BREAK_COUNT', 'H_BREAKS', 'H_ROUTE_LEG_START', 'H_LEG_DURATIONS',
  'H_LEG_DISTANCES', 'H_JOB_ROUTE_PULL', 'H_CENTROID_PULLS', 'H_CLASS_UNSAFE_PLACES', 'H_LEG_UNSAFE', 'H_ANY_UNSAFE', 'RP_STRIDE',
  'S_KIND', 'S_REF', 'S_PLACE', 'S_ARRIVAL', 'S_IDLE', 'S_DEPARTURE', 'S_TIME_ON_SITE', 'S_DISTANCE_TO', 'S_TIME_TO',
  'S_VIOLATIONS', 'S_SERVICE_START', 'S_WINDOW_END', 'S_LOAD', 'STOP_STRIDE',
  'STOP_START_DEPOT', 'STOP_JOB', 'STOP_JOB_EXIT', 'STOP_DEPOT_VISIT', 'STOP_BREAK', 'STOP_LEGAL_BREAK', 'STOP_END_DEPOT',
  'R_STOP_COUNT', 'R_JOB_COUNT', 'R_DISTANCE', 'R_DRIVING', 'R_WORKING', 'R_IDLE', 'R_START', 'R_END', 'R_COST',
  'R_INTERNAL_COST', 'R_VIOLATIONS', 'R_BREAKS_NOT_TAKEN', 'R_PEAK_LOAD', 'R_VIOLATION_COUNT', 'R_LATENESS',
  'ROUTE_SUMMARY_SIZE', 'SEG_SIZE', 'MAX_METRICS', 'STOP_VIOLATION_TYPES',
  'RP_START_TIME', 'RP_END_TIME', 'RP_MAX_WORKING', 'RP_MAX_DRIVING', 'RP_NORMAL_WORKING', 'RP_COST_PER_HOUR',
  'RP_COST_PER_KM', 'RP_FIXED_COST', 'RP_MAX_JOBS', 'RP_CAPACITY', 'RP_CLOCK_CHANGE', 'RP_CLOCK_SHIFT', 'JOB_WINDOW_STRIDE', 'BREAK_EARLIEST_START',
  'BREAK_LATEST_START', 'BREAK_LENGTH', 'BREAK_STRIDE',
] as const;

export type VrpLayout = Readonly<Record<(typeof layoutNames)[number], number>>;

export function readLayout(exports: WebAssembly.Exports): VrpLayout {
  const layout: Partial<Record<string, number>> = {};
  for (const name of layoutNames) layout[name] = exportedConstant(exports, name, 'vrp.wasm');
  return Object.freeze(layout) as VrpLayout;
}
