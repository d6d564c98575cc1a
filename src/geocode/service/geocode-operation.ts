/**
 * POST /v1/geocode (docs/api.md, Geocoding): a task that geocodes every address, in order, with the
 * local index where it covers the country and the upstream elsewhere. An upstream failure fails the whole
 * request with its error (500; docs/api.md, Geocoding).
 */
import { AppError } from '../../errors.js';
import { defineOperation } from '../../operations/define-operation.js';
import { geostream, localGeocoder } from './geocoder-registry.js';
import { geocodeEach } from './geocode-each.js';
import { geocodeResponseSchema } from './geocode-response-schema.js';
import { geocodeRequestSchema, readGeocodeRequest, type GeocodeAddressRequest } from './geocode-request.js';
import type { GeocodeSuggestion } from '../query/suggestion.js';

async function geocodeOne(address: GeocodeAddressRequest, signal: AbortSignal): Promise<GeocodeSuggestion[]> {
  const local = localGeocoder();
  if (local?.covers(address.country)) return local.geocode(address.query, address.country, address.maxResults);
  const upstream = geostream();
  if (upstream?.covers(address.country)) return upstream.geocode(address.query, address.country, address.maxResults, signal);
  // Validation, in this worker, accepted the country: its geocoder can only have gone missing since.
  throw new AppError('service_unavailable_error', `No geocoder for "${address.country}" is loaded in this worker`);
}

export const operation = defineOperation({
  name: 'geocode',
  kind: 'task',
  requestSchema: geocodeRequestSchema,
  responseSchema: geocodeResponseSchema,
  read: readGeocodeRequest,
  compute: (request, context) => geocodeEach(request, request.addresses, context, geocodeOne),
  present: (response) => response,
});
