/** The answers of /v1/path and /v1/matrix as /docs publishes them (built in path-route.ts and matrix-operation.ts). */
import { errorResponseSchema } from '../../errors.js';

const latlon = { type: 'string', description: '"<latitude>,<longitude>"' } as const;

export const pathResponseSchema = {
  type: 'object',
  properties: {
    routes: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string' },
          distance_meters: { type: 'number' },
          driving_time: { type: 'string', description: '"HH:MM:SS"' },
          stops: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                location: { ...latlon, description: 'the location given' },
                snapped_location: { ...latlon, description: 'where the vehicle stops on the road' },
                arrival_datetime: { type: 'string' },
                time_to: { type: 'string' },
                distance_to_meters: { type: 'number' },
                path_to_stop: { type: 'array', items: latlon },
                path_to_stop_enc: { type: 'string' },
                violations: { type: 'array', items: { type: 'object', additionalProperties: true } },
              },
            },
          },
          error: errorResponseSchema,
        },
      },
    },
  },
} as const;

const table = { type: 'array', items: { type: 'array', items: { type: ['number', 'null'] } } } as const;

export const matrixResponseSchema = {
  type: 'object',
  description: 'JSON, or MessagePack with Accept: application/x-msgpack (each row a Float64Array, NaN where no path exists, with `; arrays=typed`)',
  properties: { durations: { ...table, description: 'whole seconds; null where no path' }, distances: { ...table, description: 'metres, to the centimetre; null where no path' } },
} as const;
