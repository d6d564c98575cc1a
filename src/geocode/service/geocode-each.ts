import type { OperationContext } from '../../operations/operation.js';
import { ensureGeocodersInstalled } from './geocoder-resource.js';
import type { GeocodeSuggestion } from '../query/suggestion.js';

/** What geocode and reverse geocode answer: one location per item, in request order. */
export interface GeocodedLocation {
  id?: unknown;
  custom?: unknown;
  suggestions: GeocodeSuggestion[];
}

export interface GeocodeResponse {
  custom?: unknown;
  geocoded_locations: GeocodedLocation[];
}

/** Progress is worth a message every so many items, not after each. */
const progressEvery = 100;

/**
 * The shared body of geocode and reverse geocode: each item answered in order with its echoed id and custom,
 * cancellation checked between items, and the request's own echo around the list.
 */
export async function geocodeEach<Item extends { echo: object }>(
  request: { echo: object },
  items: readonly Item[],
  context: OperationContext,
  answer: (item: Item, signal: AbortSignal) => Promise<GeocodeSuggestion[]>,
): Promise<GeocodeResponse> {
  ensureGeocodersInstalled();
  const locations: GeocodedLocation[] = [];
  for (const item of items) {
    context.signal.throwIfAborted();
    locations.push({ ...item.echo, suggestions: await answer(item, context.signal) });
    if (locations.length % progressEvery === 0) context.reportProgress(locations.length / items.length);
  }
  return { ...request.echo, geocoded_locations: locations };
}
