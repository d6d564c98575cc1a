/** JSON schemas of the routing endpoints' bodies, published in /docs (validation itself is path-request.ts / matrix-request.ts). */
import { speedPercentageRange } from '../../conventions/scalars.js';
import { booleanLike, enumOf, identifier, latlonText, numberLike } from '../../problem/schema/scalars.js';
import { MATRIX_LIMITS } from './matrix-request.js';
import { PATH_ENCODINGS, PATH_LIMITS, STOP_TYPES } from './path-request.js';

const vehicle = {
  type: ['object', 'null'],
  properties: {
    vehicle_type: enumOf(['auto', 'truck']),
    height_meters: { ...numberLike, description: 'trucks: closes ways with a lower maxheight' },
    weight_tonnes: { ...numberLike, description: 'trucks: closes ways with a lower maxweight, and hgv=no above 3.5 t' },
    width_meters: { ...numberLike, description: 'trucks: closes ways with a lower maxwidth' },
    length_meters: { ...numberLike, description: 'trucks: closes ways with a lower maxlength' },
    axle_load_tonnes: { ...numberLike, description: 'trucks: closes ways with a lower maxaxleload' },
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
              properties: { type: enumOf(STOP_TYPES), location: latlonText, intersection: latlonText, heading: numberLike },
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
    sources: { type: 'array', maxItems: MATRIX_LIMITS.points, items: latlonText },
    destinations: { type: ['array', 'null'], maxItems: MATRIX_LIMITS.points, items: latlonText, description: 'default: the sources' },
    vehicle,
    routing_options: routingOptions,
  },
} as const;
