/**
 * JSON schemas of the routing endpoints' bodies: published in /docs and run on every body first
 * (src/operations/define-operation.ts); path-request.ts and matrix-request.ts then read formats and quoted values.
 */
import { speedPercentageRange } from '../../conventions/scalars.js';
import { booleanLike, enumOf, identifier, latlonText, numberLike } from '../../problem/schema/scalars.js';
import { MATRIX_LIMITS } from './matrix-request.js';
import { HEADING_RANGE, PATH_ENCODINGS, PATH_LIMITS, STOP_TYPES } from './path-request.js';

/** A point that must be there: null is `null_value_error`, not absence. */
const requiredLatlon = { ...latlonText, type: 'string' } as const;
const positiveLike = { ...numberLike, exclusiveMinimum: 0 } as const;

const vehicle = {
  type: ['object', 'null'],
  properties: {
    vehicle_type: enumOf(['auto', 'truck']),
    height_meters: { ...positiveLike, description: 'trucks: closes ways with a lower maxheight' },
    weight_tonnes: { ...positiveLike, description: 'trucks: closes ways with a lower maxweight, and hgv=no above 3.5 t' },
    width_meters: { ...positiveLike, description: 'trucks: closes ways with a lower maxwidth' },
    length_meters: { ...positiveLike, description: 'trucks: closes ways with a lower maxlength' },
    axle_load_tonnes: { ...positiveLike, description: 'trucks: closes ways with a lower maxaxleload' },
    driving_speed_percentage: { ...numberLike, ...speedPercentageRange, description: 'drives at this percentage of the mapped speeds (default 100)' },
  },
} as const;

const routingOptions = {
  type: ['object', 'null'],
  properties: {
    route_with_traffic: booleanLike,
    routing_date_time: { type: ['string', 'null'], description: 'ISO 8601 datetime with Z or an offset; default now' },
    return_path: booleanLike,
  },
} as const;

const pathRoutingOptions = {
  ...routingOptions,
  properties: {
    ...routingOptions.properties,
    continue_straight: { ...booleanLike, description: 'leave a via stop in the direction it was reached (default: true for trucks, false for cars)' },
  },
} as const;

export const pathRequestSchema = {
  type: 'object',
  required: ['routes'],
  properties: {
    path_encoding: enumOf(PATH_ENCODINGS),
    routes: {
      type: 'array',
      maxItems: PATH_LIMITS.routes,
      items: {
        type: 'object',
        required: ['stops'],
        properties: {
          id: identifier,
          routing_options: pathRoutingOptions,
          vehicle,
          stops: {
            type: 'array',
            maxItems: PATH_LIMITS.stopsPerRoute,
            items: {
              type: 'object',
              required: ['location'],
              properties: {
                type: enumOf(STOP_TYPES),
                location: requiredLatlon,
                intersection: latlonText,
                heading: { ...numberLike, minimum: HEADING_RANGE.minimum, exclusiveMaximum: HEADING_RANGE.exclusive_maximum, description: 'degrees from north' },
              },
            },
          },
        },
      },
    },
  },
} as const;

export const matrixRequestSchema = {
  type: 'object',
  required: ['sources'],
  properties: {
    sources: { type: 'array', maxItems: MATRIX_LIMITS.points, items: requiredLatlon },
    destinations: { type: ['array', 'null'], maxItems: MATRIX_LIMITS.points, items: requiredLatlon, description: 'default: the sources' },
    vehicle,
    routing_options: routingOptions,
  },
} as const;
