import { reasonCodes } from '../unrouted-reason-codes.js';
import { sizeLimits } from './limits.js';
import { booleanLike, listOf, numberLike, optionalText, textList, timespanText } from './scalars.js';

// Entries are checked while the matrix is read into flat arrays (normalize/settings-matrix.ts): one pass, not two.
const matrixRows = listOf({ type: 'array', maxItems: sizeLimits.matrixSide }, sizeLimits.matrixSide);

export const settingsSchema = {
  type: ['object', 'null'],
  properties: {
    timezone: optionalText,
    time_windows_as_hard_constraint: booleanLike,
    critical_violations: textList(64),
    enable_legal_breaks: booleanLike,
    legal_break_duration: timespanText,
    legal_break_interval: timespanText,
    route_paths: booleanLike,
    enable_historic_traffic: booleanLike,
    defaults: {
      type: ['object', 'null'],
      properties: {
        cost_per_hour: { ...numberLike, minimum: 0 },
        cost_per_km: { ...numberLike, minimum: 0 },
        time_on_site: timespanText,
        max_working_time: timespanText,
      },
    },
    time_limit_seconds: { ...numberLike, exclusiveMinimum: 0 },
    explain_unrouted: {
      ...booleanLike,
      description: 'Default true: each `unrouted_jobs` entry of build, optimize and insert gets `reasons`, a list of '
        + '`{code, route_ids, detail}` (displaced and insertable also `index`, `violations`, `delta_internal_cost`: what evaluate '
        + `answers for that route with the job inserted before its index-th job stop). Codes: ${reasonCodes.join(', ')}. `
        + 'See docs/planning-model.md, "Why a job is unrouted".',
    },
    matrix: {
      type: ['object', 'null'],
      description: 'Travel matrix indexed by the order of the problem places (docs/planning-model.md, "Places and settings.matrix")',
      properties: { durations: matrixRows, distances: matrixRows },
    },
  },
} as const;
