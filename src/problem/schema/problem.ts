/**
 * The JSON schema of a problem (every planning request). It checks JSON types, enums, ranges and sizes;
 * formats, references and rules across fields are checked by the normalizer, which has the codes for them.
 * Unknown fields are allowed: clients of the original service send fields we do not know.
 */
import { driverSchema, vehicleSchema } from './fleet.js';
import { jobSchema } from './job.js';
import { markerSchema } from './marker.js';
import { sizeLimits } from './limits.js';
import { routeSchema } from './route.js';
import { scheduleSchema } from './schedule.js';
import { booleanLike, custom, listOf, optionalText } from './scalars.js';
import { settingsSchema } from './settings.js';

export const problemSchema = {
  type: 'object',
  properties: {
    id: { type: ['string', 'number', 'null'] },
    name: optionalText,
    custom,
    routes: listOf(routeSchema, sizeLimits.routes),
    jobs: listOf(jobSchema, sizeLimits.jobs),
    drivers: listOf(driverSchema, sizeLimits.drivers),
    vehicles: listOf(vehicleSchema, sizeLimits.vehicles),
    markers: listOf(markerSchema, sizeLimits.markers),
    schedules: listOf(scheduleSchema, sizeLimits.schedules),
    settings: settingsSchema,
    return_request: booleanLike,
  },
} as const;
