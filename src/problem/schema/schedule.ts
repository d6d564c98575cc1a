import { maxVarianceDays } from '../normalize/schedules.js';
import { jobSchema } from './job.js';
import { sizeLimits } from './limits.js';
import { dateText, enumOf, identifier, integerLike, listOf, textList } from './scalars.js';

const scheduleTypes = ['daily', 'weekly'] as const;

export const scheduleSchema = {
  type: 'object',
  properties: {
    id: identifier,
    type: enumOf(scheduleTypes),
    earliest_date: dateText,
    base_date: dateText,
    interval: { ...integerLike, minimum: 1 },
    allowed_days_of_week: textList(7),
    allowed_variance_before: { ...integerLike, minimum: 0, maximum: maxVarianceDays },
    allowed_variance_after: { ...integerLike, minimum: 0, maximum: maxVarianceDays },
    job_template: { type: ['object', 'null'], properties: jobSchema.properties },
    jobs: listOf({ type: ['string', 'number'] }, sizeLimits.jobs),
  },
} as const;
