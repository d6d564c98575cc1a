import { speedPercentageRange } from '../../conventions/scalars.js';
import { driverSchema, vehicleSchema } from './fleet.js';
import { jobSchema } from './job.js';
import { placeSchema } from './marker.js';
import { sizeLimits } from './limits.js';
import {
  booleanLike, custom, dateText, identifier, integerLike, listOf, numberLike, optionalText, textList, timeOfDayText,
  timespanText,
} from './scalars.js';

const driverBreakSchema = {
  type: 'object',
  properties: {
    id: identifier,
    name: optionalText,
    start: timeOfDayText,
    length: timespanText,
    earliest_start: timeOfDayText,
    latest_start: timeOfDayText,
  },
} as const;

/** A stop as another operation returned it: its type, and the id of its job or depot (or a location). */
const routeStopSchema = {
  type: 'object',
  properties: {
    type: { type: ['string', 'null'] },
    id: { type: ['string', 'number', 'null'] },
    location: placeSchema,
  },
} as const;

export const routeSchema = {
  type: 'object',
  properties: {
    id: identifier,
    name: optionalText,
    date: dateText,
    start_time: timeOfDayText,
    end_time: timeOfDayText,
    max_working_time: timespanText,
    max_driving_time: timespanText,
    normal_working_time: timespanText,
    location: placeSchema,
    start_location: placeSchema,
    end_location: placeSchema,
    jobs: listOf({ type: ['string', 'number', 'object'], properties: jobSchema.properties }, sizeLimits.stopsPerRoute),
    stops: listOf(routeStopSchema, sizeLimits.stopsPerRoute),
    driver: { type: ['string', 'number', 'object', 'null'], properties: driverSchema.properties },
    vehicle: { type: ['string', 'number', 'object', 'null'], properties: vehicleSchema.properties },
    route_attributes: textList(sizeLimits.attributes),
    breaks: listOf(driverBreakSchema, sizeLimits.breaksPerRoute),
    breaks_relative_to_start: booleanLike,
    cost_per_hour: { ...numberLike, minimum: 0 },
    cost_per_km: { ...numberLike, minimum: 0 },
    fixed_cost: { ...numberLike, minimum: 0 },
    max_jobs_on_route: { ...integerLike, minimum: 0 },
    load_capacity: numberLike,
    load_capacities: listOf(numberLike, sizeLimits.attributes),
    driving_speed_percentage: { ...numberLike, ...speedPercentageRange },
    custom,
  },
} as const;
