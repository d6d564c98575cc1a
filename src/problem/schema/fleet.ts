import { speedPercentageRange } from '../../conventions/scalars.js';
import { placeSchema } from './marker.js';
import { sizeLimits } from './limits.js';
import { custom, enumOf, identifier, latlonText, listOf, numberLike, optionalText, textList } from './scalars.js';

const vehicleTypes = ['auto', 'truck'] as const;

export const driverSchema = {
  type: 'object',
  properties: {
    id: identifier,
    name: optionalText,
    attributes: textList(sizeLimits.attributes),
    centroid: latlonText,
    cost_per_hour: { ...numberLike, minimum: 0 },
    location: placeSchema,
    start_location: placeSchema,
    end_location: placeSchema,
    custom,
  },
} as const;

export const vehicleSchema = {
  type: 'object',
  properties: {
    id: identifier,
    vehicle_type: enumOf(vehicleTypes),
    attributes: textList(sizeLimits.attributes),
    depot: placeSchema,
    start_location: placeSchema,
    end_location: placeSchema,
    cost_per_km: { ...numberLike, minimum: 0 },
    fixed_cost: { ...numberLike, minimum: 0 },
    driving_speed_percentage: { ...numberLike, ...speedPercentageRange },
    load_capacities: listOf(numberLike, sizeLimits.attributes),
    height_meters: { ...numberLike, exclusiveMinimum: 0 },
    weight_tonnes: { ...numberLike, exclusiveMinimum: 0 },
    width_meters: { ...numberLike, exclusiveMinimum: 0 },
    length_meters: { ...numberLike, exclusiveMinimum: 0 },
    axle_load_tonnes: { ...numberLike, exclusiveMinimum: 0 },
    custom,
  },
} as const;
