/**
 * POST /v1/geocode (interface.md 4.3, extensions §11): a task that geocodes every address, in order, with the
 * local index where it covers the country and the upstream elsewhere. An upstream failure fails the whole
 * request with its error (500), as interface.md says.
 */
import { AppError } from '../errors.js';
import type { Operation, OperationContext } from '../operations/operation.js';
import { geostream, localGeocoder } from './geocoder-registry.js';
import { ensureGeocodersInstalled } from './geocoder-resource.js';
import { geocodeRequestSchema, parseGeocodeRequest, type GeocodeAddressRequest, type GeocodeRequest } from './geocode-request.js';
import type { GeocodeSuggestion } from './suggestion.js';

export interface GeocodedLocation {
  id?: unknown;
  custom?: unknown;
  suggestions: GeocodeSuggestion[];
}

export interface GeocodeResponse {
  custom?: unknown;
  geocoded_locations: GeocodedLocation[];
}

async function geocodeOne(address: GeocodeAddressRequest, signal: AbortSignal): Promise<GeocodeSuggestion[]> {
  const local = localGeocoder();
  if (local?.covers(address.country)) return local.geocode(address.query, address.country, address.maxResults);
  const upstream = geostream();
  if (upstream?.covers(address.country)) return upstream.geocode(address.query, address.country, address.maxResults, signal);
  // Validation accepted the country, so its geocoder was there on the HTTP thread but is missing in this worker.
  throw new AppError('service_unavailable_error', `No geocoder for "${address.country}" is loaded in this worker`);
}

/** Progress is worth a message every so many addresses, not after each. */
const progressEvery = 100;

export const operation: Operation<GeocodeRequest, GeocodeResponse> = {
  name: 'geocode',
  kind: 'task',
  requestSchema: geocodeRequestSchema,
  validate: parseGeocodeRequest,
  async run(request: GeocodeRequest, context: OperationContext): Promise<GeocodeResponse> {
    ensureGeocodersInstalled();
    const locations: GeocodedLocation[] = [];
    for (const address of request.addresses) {
      context.signal.throwIfAborted();
      locations.push({ ...address.echo, suggestions: await geocodeOne(address, context.signal) });
      if (locations.length % progressEvery === 0) context.reportProgress(locations.length / request.addresses.length);
    }
    return { ...request.echo, geocoded_locations: locations };
  },
};
