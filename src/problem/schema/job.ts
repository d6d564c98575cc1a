import { placeSchema } from './marker.js';
import { sizeLimits } from './limits.js';
import {
  custom, dateText, identifier, integerLike, listOf, numberLike, textList, timespanText, timeWindow,
} from './scalars.js';

export const jobSchema = {
  type: 'object',
  properties: {
    id: identifier,
    location: placeSchema,
    exit_location: placeSchema,
    time_on_site: timespanText,
    exit_time_on_site: timespanText,
    time_window: timeWindow,
    time_window2: timeWindow,
    date: dateText,
    allowed_dates: listOf({ type: 'string' }, sizeLimits.datesPerJob),
    allowed_days_of_week: textList(7),
    required_route_attributes: textList(sizeLimits.attributes),
    disallowed_route_attributes: textList(sizeLimits.attributes),
    required_driver: { type: ['string', 'number', 'null'] },
    forbidden_drivers: listOf({ type: ['string', 'number'] }, sizeLimits.drivers),
    required_vehicle_attributes: textList(sizeLimits.attributes),
    required_pre_job_depot_attributes: textList(sizeLimits.attributes),
    required_post_job_depot_attributes: textList(sizeLimits.attributes),
    load: numberLike,
    loads: listOf(numberLike, sizeLimits.attributes),
    priority: { ...integerLike, minimum: 1, maximum: 10 },
    custom,
  },
} as const;
