/**
 * POST /v1/reverse_geocode (extensions §11): for each location the nearest address, else the nearest street,
 * else the nearest town, from the local index; the upstream answers points the local index knows nothing near.
 */
import type { Operation, OperationContext } from '../operations/operation.js';
import type { Point } from './geometry.js';
import { geostream, localGeocoder } from './geocoder-registry.js';
import { ensureGeocodersInstalled } from './geocoder-resource.js';
import type { GeocodedLocation, GeocodeResponse } from './geocode-operation.js';
import { parseReverseGeocodeRequest, reverseGeocodeRequestSchema, type ReverseGeocodeRequest } from './reverse-geocode-request.js';
import type { GeocodeSuggestion } from './suggestion.js';

async function reverseOne(point: Point, signal: AbortSignal): Promise<GeocodeSuggestion[]> {
  const local = localGeocoder()?.reverse(point) ?? [];
  const upstream = geostream();
  if (local.length > 0 || !upstream) return local;
  return upstream.reverse(point, signal);
}

const progressEvery = 100;

export const operation: Operation<ReverseGeocodeRequest, GeocodeResponse> = {
  name: 'reverse_geocode',
  kind: 'task',
  requestSchema: reverseGeocodeRequestSchema,
  validate: parseReverseGeocodeRequest,
  async run(request: ReverseGeocodeRequest, context: OperationContext): Promise<GeocodeResponse> {
    ensureGeocodersInstalled();
    const locations: GeocodedLocation[] = [];
    for (const { location, echo } of request.locations) {
      context.signal.throwIfAborted();
      locations.push({ ...echo, suggestions: await reverseOne(location, context.signal) });
      if (locations.length % progressEvery === 0) context.reportProgress(locations.length / request.locations.length);
    }
    return { ...request.echo, geocoded_locations: locations };
  },
};
