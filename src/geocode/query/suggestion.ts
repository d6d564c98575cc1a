/**
 * A suggestion, with match_type and score (docs/api.md, Geocoding). City-level and postcode-level
 * matches leave out the street fields; only a street-level match or better carries `intersection`.
 */
import { formatLatLon } from '../../conventions/latlon.js';
import { formatAddress } from '../text/address-format.js';
import { regionAliases } from '../text/country-rules.js';
import type { PlaceContext } from '../index/geocode-index.js';
import type { Point } from '../../geometry/point.js';

export type MatchType = 'address' | 'interpolated' | 'street' | 'postcode' | 'locality';

export interface GeocodeSuggestion {
  location: string;
  intersection?: string;
  formatted_address: string;
  street_number?: string;
  street_name?: string;
  subregions: string[];
  regions: string[];
  post_code?: string;
  country: string;
  match_type: MatchType;
  score: number;
}

export interface SuggestionParts {
  matchType: MatchType;
  score: number;
  location: Point;
  context: PlaceContext;
  intersection?: Point | undefined;
  streetName?: string | undefined;
  streetNumber?: string | undefined;
  unit?: string | undefined;
  postcode?: string | undefined;
  /** Name shown instead of the context's locality (a matched village or area). */
  locality?: string | undefined;
}

const stateRegion = new Set(['US', 'CA', 'AU']);

/** The state as addresses write it: its two-letter code where one is known ("MD"), else its name. */
function stateOf(context: PlaceContext): string | undefined {
  if (!stateRegion.has(context.country)) return undefined;
  const state = context.regions[context.regions.length - 1];
  return state === undefined ? undefined : (regionAliases(context.country, [state])[0] ?? state);
}

export function makeSuggestion(parts: SuggestionParts): GeocodeSuggestion {
  const { context } = parts;
  const suggestion: GeocodeSuggestion = {
    location: formatLatLon(parts.location),
    formatted_address: formatAddress({
      country: context.country,
      streetName: parts.streetName,
      streetNumber: parts.streetNumber,
      unit: parts.unit,
      postcode: parts.postcode,
      locality: parts.locality ?? context.locality,
      state: stateOf(context),
    }),
    subregions: context.subregions,
    regions: context.regions,
    country: context.country,
    match_type: parts.matchType,
    score: Math.round(parts.score * 1000) / 1000,
  };
  if (parts.intersection) suggestion.intersection = formatLatLon(parts.intersection);
  if (parts.streetNumber) suggestion.street_number = parts.streetNumber;
  if (parts.streetName) suggestion.street_name = parts.streetName;
  if (parts.postcode) suggestion.post_code = parts.postcode;
  return suggestion;
}
