/** The answers of the dispatching endpoints and of validate, as /docs publishes them. */
import { jobSchema } from '../../problem/schema/job.js';
import { routeResponseSchema } from '../../problem/response/response-schemas.js';

export const recommendResponseSchema = {
  type: 'object',
  properties: {
    custom: {},
    recommend_options: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          delta_cost: { type: 'number' }, delta_internal_cost: { type: 'number' }, delta_working_time: { type: 'string' },
          delta_distance_meters: { type: 'number' }, route_index: { type: 'integer' }, job_index: { type: 'integer' },
          route: routeResponseSchema,
        },
      },
    },
  },
} as const;

export const centroidsResponseSchema = {
  type: 'object',
  properties: {
    custom: {},
    drivers: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, centroid: { type: 'string', description: '"<latitude>,<longitude>"' } } } },
  },
} as const;

export const consolidateResponseSchema = {
  type: 'object',
  properties: { custom: {}, consolidated_jobs: { type: 'array', items: jobSchema } },
} as const;

export const validateResponseSchema = { type: 'object', properties: { valid: { type: 'boolean', enum: [true] } } } as const;
