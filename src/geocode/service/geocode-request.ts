/**
 * geocode_request (docs/api.md, Geocoding), read after its schema has checked it: every fault at once, with its
 * JSON path. An address whose country no geocoder covers is a validation error, so that a client learns the
 * coverage before anything runs.
 */
import type { FaultList } from '../../conventions/faults.js';
import { numberInRange } from '../../conventions/scalars.js';
import { integerLike } from '../../problem/schema/scalars.js';
import { isCountryCovered } from './geocoder-registry.js';
import { asObject } from '../../problem/normalize/fields.js';
import { echoOf } from './request-fields.js';

export interface GeocodeAddressRequest {
  query: string;
  country: string;
  maxResults: number;
  /** Present only when the request had them. */
  echo: { id?: unknown; custom?: unknown };
}

export interface GeocodeRequest {
  addresses: GeocodeAddressRequest[];
  echo: { custom?: unknown };
}

const defaultMaxResults = 10;
const maxResultsLimit = 100;
const countryCode = /^[A-Za-z]{2}$/;

export const geocodeRequestSchema = {
  type: 'object',
  required: ['addresses'],
  properties: {
    addresses: {
      type: 'array',
      items: {
        type: 'object',
        required: ['query', 'country'],
        properties: {
          query: { type: 'string', minLength: 1, 'x-error-code': 'query_missing_error' },
          country: { type: 'string', pattern: countryCode.source, 'x-error-code': 'invalid_country_code_error', description: 'ISO 3166-1 alpha-2' },
          id: {},
          max_results: { ...integerLike, minimum: 1, maximum: maxResultsLimit, default: defaultMaxResults },
          custom: {},
        },
      },
    },
    custom: {},
    id: { type: ['string', 'number', 'null'] },
    name: { type: ['string', 'null'] },
  },
} as const;

function readCountry(faults: FaultList, path: string, value: unknown): string | undefined {
  if (typeof value !== 'string' || !countryCode.test(value)) return undefined;
  const country = value.toUpperCase();
  if (!isCountryCovered(country)) {
    faults.add(path, { code: 'invalid_country_code_error', message: `No geocoder of this service covers the country "${country}"`, parameters: { country } }, value);
    return undefined;
  }
  return country;
}

function readAddress(faults: FaultList, path: string, value: unknown): GeocodeAddressRequest | undefined {
  const input = asObject(value);
  if (!input) return undefined;
  const query = input.query;
  if (typeof query === 'string' && query.trim() === '') {
    faults.add(`${path}.query`, { code: 'query_missing_error', message: 'Each address needs a non-empty query text' }, query);
  }
  const country = readCountry(faults, `${path}.country`, input.country);
  const maxResults = faults.readOptional(`${path}.max_results`, input.max_results, numberInRange(1, maxResultsLimit, true));
  if (typeof query !== 'string' || country === undefined) return undefined;
  return { query, country, maxResults: maxResults ?? defaultMaxResults, echo: echoOf(input, ['id', 'custom'] as const) };
}

/** The request of a body (undefined when it is not an object); faults beyond the schema's go to `faults`. */
export function readGeocodeRequest(body: unknown, faults: FaultList): GeocodeRequest | undefined {
  const input = asObject(body);
  if (!input) return undefined;
  const items = Array.isArray(input.addresses) ? input.addresses : [];
  const addresses = items.map((item, i) => readAddress(faults, `request.addresses[${i}]`, item));
  return { addresses: addresses.filter((address) => address !== undefined), echo: echoOf(input, ['custom'] as const) };
}
