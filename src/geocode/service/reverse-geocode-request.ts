/**
 * Validation of the reverse geocode request (docs/api.md, Geocoding): `{locations: [{id?, location, custom?}]}`, every
 * fault at once.
 */
import { FaultList } from '../../conventions/faults.js';
import { parseLatLon, type LatLon } from '../../conventions/latlon.js';
import { validationFailed } from '../../errors.js';
import { echoOf, itemObject, requestList, requestObject } from './request-fields.js';

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
      items: { type: 'object', required: ['location'], properties: { id: {}, location: { type: 'string' }, custom: {} } },
    },
    custom: {},
  },
} as const;

function readLocation(faults: FaultList, path: string, value: unknown): ReverseGeocodeLocationRequest | undefined {
  const input = itemObject(faults, path, value, 'a location');
  if (!input) return undefined;
  const location = faults.read(`${path}.location`, input.location, parseLatLon);
  return location ? { location, echo: echoOf(input, ['id', 'custom'] as const) } : undefined;
}

export function parseReverseGeocodeRequest(body: unknown): ReverseGeocodeRequest {
  const input = requestObject(body, 'a reverse geocode request');
  const faults = new FaultList();
  const locations = requestList(faults, input, 'locations').map((item, i) => readLocation(faults, `request.locations[${i}]`, item));
  if (!faults.empty) throw validationFailed(faults.errors);
  return { locations: locations as ReverseGeocodeLocationRequest[], echo: echoOf(input, ['custom'] as const) };
}
