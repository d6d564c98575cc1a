import { booleanLike, custom, enumOf, identifier, latlonText, optionalText, textList } from './scalars.js';
import { sizeLimits } from './limits.js';

const locationTypes = ['off_street', 'on_street', 'vehicle'] as const;

export const markerSchema = {
  type: 'object',
  properties: {
    id: identifier,
    location: latlonText,
    intersection: latlonText,
    location_type: enumOf(locationTypes),
    is_depot: booleanLike,
    attributes: textList(sizeLimits.attributes),
    formatted_address: optionalText,
    country: optionalText,
    name: optionalText,
    custom,
  },
} as const;

/** Wherever a marker may stand: a marker object, a latlon string, or the id of a declared marker. */
export const placeSchema = {
  type: ['string', 'object', 'null'],
  properties: markerSchema.properties,
} as const;
