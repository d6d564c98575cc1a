/**
 * POST /v1/reverse_geocode (docs/api.md, Geocoding): for each location the nearest address, else the nearest street,
 * else the nearest town, from the local index; the upstream answers points the local index knows nothing near.
 */
import { defineOperation } from '../../operations/define-operation.js';
import type { Point } from '../../geometry/point.js';
import { geostream, localGeocoder } from './geocoder-registry.js';
import { geocodeEach } from './geocode-each.js';
import { geocodeResponseSchema } from './geocode-response-schema.js';
import { readReverseGeocodeRequest, reverseGeocodeRequestSchema } from './reverse-geocode-request.js';
import type { GeocodeSuggestion } from '../query/suggestion.js';

async function reverseOne(point: Point, signal: AbortSignal): Promise<GeocodeSuggestion[]> {
  const local = localGeocoder()?.reverse(point) ?? [];
  const upstream = geostream();
  if (local.length > 0 || !upstream) return local;
  return upstream.reverse(point, signal);
}

export const operation = defineOperation({
  name: 'reverse_geocode',
  kind: 'task',
  requestSchema: reverseGeocodeRequestSchema,
  responseSchema: geocodeResponseSchema,
  read: readReverseGeocodeRequest,
  compute: (request, context) => geocodeEach(request, request.locations, context, ({ location }, signal) => reverseOne(location, signal)),
  present: (response) => response,
});
