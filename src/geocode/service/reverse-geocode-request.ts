/**
 * The reverse geocode request (docs/api.md, Geocoding): `{locations: [{id?, location, custom?}]}`, read after its
 * schema has checked it; every fault at once.
 */
import type { FaultList } from '../../conventions/faults.js';
import { parseLatLon, type LatLon } from '../../conventions/latlon.js';
import { latlonText } from '../../problem/schema/scalars.js';
import { asObject } from '../../problem/normalize/fields.js';
import { echoOf } from './request-fields.js';

export interface ReverseGeocodeLocationRequest {
  location: LatLon;
  echo: { id?: unknown; custom?: unknown };
}

export interface ReverseGeocodeRequest {
  locations: ReverseGeocodeLocationRequest[];
  echo: { custom?: unknown };
}

export const reverseGeocodeRequestSchema = {
  type: 'object',
  required: ['locations'],
  properties: {
    locations: {
      type: 'array',
      items: { type: 'object', required: ['location'], properties: { id: {}, location: { ...latlonText, type: 'string' }, custom: {} } },
    },
    custom: {},
  },
} as const;

function readLocation(faults: FaultList, path: string, value: unknown): ReverseGeocodeLocationRequest | undefined {
  const input = asObject(value);
  if (!input) return undefined;
  const location = faults.read(`${path}.location`, input.location, parseLatLon);
  return location ? { location, echo: echoOf(input, ['id', 'custom'] as const) } : undefined;
}

/** The request of a body (undefined when it is not an object); faults beyond the schema's go to `faults`. */
export function readReverseGeocodeRequest(body: unknown, faults: FaultList): ReverseGeocodeRequest | undefined {
  const input = asObject(body);
  if (!input) return undefined;
  const items = Array.isArray(input.locations) ? input.locations : [];
  const locations = items.map((item, i) => readLocation(faults, `request.locations[${i}]`, item));
  return { locations: locations.filter((location) => location !== undefined), echo: echoOf(input, ['custom'] as const) };
}
