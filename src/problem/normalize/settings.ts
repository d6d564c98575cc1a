import { parseTimeZone, utc } from '../../conventions/timezone.js';
import { parseNonNegativeNumber, parsePositiveNumber } from '../../conventions/scalars.js';
import type { Settings } from '../model.js';
import { violationTypes } from '../violation-types.js';
import { failed, parsed } from '../../conventions/faults.js';
import type { Fields } from './fields.js';

/** `settings.defaults` (problem_defaults): the last step of each default order (docs/api.md, Problem fields). */
export interface ProblemDefaults {
  costPerHour: number;
  costPerKm: number;
  timeOnSite: number;
  maxWorkingTime: number | undefined;
}

export const builtInDefaults = { costPerHour: 10.0, costPerKm: 0.07677, startTime: 8 * 3600 } as const;

function parseViolationType(value: unknown) {
  return violationTypes.includes(value as never)
    ? parsed(value as string)
    : failed<string>('invalid_enum_value_error', 'Not a violation type', { allowed_values: violationTypes });
}

/** A legal break interval of zero would ask for endless breaks: it must be positive. */
function positiveTimespan(settings: Fields | undefined, name: string, fallback: number): number {
  const value = settings?.timespan(name);
  if (value === undefined) return fallback;
  if (value > 0) return value;
  settings!.fault(name, 'value_out_of_range_error', 'Expected a timespan longer than zero', { exclusive_minimum: '00:00:00' });
  return fallback;
}

export function normalizeSettings(settings: Fields | undefined): { settings: Settings; defaults: ProblemDefaults } {
  const defaults = settings?.nested('defaults');
  return {
    settings: {
      timezone: settings?.read('timezone', parseTimeZone) ?? utc,
      timeWindowsAsHardConstraint: settings?.boolean('time_windows_as_hard_constraint') ?? true,
      criticalViolations: settings?.list('critical_violations', parseViolationType) ?? [],
      enableLegalBreaks: settings?.boolean('enable_legal_breaks') ?? false,
      legalBreakDuration: positiveTimespan(settings, 'legal_break_duration', 30 * 60),
      legalBreakInterval: positiveTimespan(settings, 'legal_break_interval', 4.5 * 3600),
      routePaths: settings?.boolean('route_paths') ?? false,
      enableHistoricTraffic: settings?.boolean('enable_historic_traffic') ?? false,
      timeLimitSeconds: settings?.read('time_limit_seconds', parsePositiveNumber),
      explainUnrouted: settings?.boolean('explain_unrouted') ?? true,
      // Read once the places are known (normalize/settings-matrix.ts).
      matrix: undefined,
    },
    defaults: {
      costPerHour: defaults?.read('cost_per_hour', parseNonNegativeNumber) ?? builtInDefaults.costPerHour,
      costPerKm: defaults?.read('cost_per_km', parseNonNegativeNumber) ?? builtInDefaults.costPerKm,
      timeOnSite: defaults?.timespan('time_on_site') ?? 0,
      maxWorkingTime: defaults?.timespan('max_working_time'),
    },
  };
}
