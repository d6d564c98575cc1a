/**
 * The geocode index: plain data built once from an OSM extract, cached on disk beside the road graph and
 * loaded by every worker. Lookup structures (word postings, spatial trees) are derived from it at load time
 * by `Geocoder`, so the cached form stays small and independent of them.
 */
import { Packr } from 'msgpackr';

/** Bumped whenever the shape or the meaning of the data changes, so that stale caches are rebuilt. */
export const geocodeIndexVersion = 5;

/** Country and names around a point, shared by every record in the same surroundings. */
export interface PlaceContext {
  country: string;
  locality: string;
  regions: string[];
  subregions: string[];
}

/** A named street, or a named place that addresses use instead of a street (`addr:place`). */
export interface StreetRecord {
  name: string;
  context: number;
  /** Polylines as flat [lat, lon, …]; empty for a place name that has no street geometry. */
  lines: number[][];
  /** The point of the street nearest to the centre of its town: the answer of a street-level match. */
  anchor: [number, number];
  postcode: string;
}

export interface AddressRecord {
  /** As mapped ("7a", "9 1/2", "230 REAR-A"). */
  number: string;
  /** `addr:unit` as mapped (a shop or flat of the building), '' when none. */
  unit: string;
  street: number;
  postcode: string;
  lat: number;
  lon: number;
  context: number;
  /** Where the address meets its street; absent when the street has no geometry. */
  intersection: [number, number] | undefined;
}

/** A stretch of `addr:interpolation` between two numbered nodes. */
export interface InterpolationRecord {
  street: number;
  /** 2 for odd or even, 1 for all. */
  step: number;
  from: number;
  to: number;
  line: number[];
  postcode: string;
  context: number;
}

export interface PostcodeRecord {
  code: string;
  lat: number;
  lon: number;
  context: number;
}

export interface LocalityRecord {
  name: string;
  /** place=* value, or `admin` for an administrative area. */
  kind: string;
  lat: number;
  lon: number;
  context: number;
}

export interface GeocodeIndex {
  version: number;
  /** Country of points that no boundary or tag places: the country most of the extract lies in. */
  dominantCountry: string;
  /** Names of each covered country as its boundary gives them (`name`, `name:en`, `int_name`): words a query may end with. */
  countryNames: Record<string, string[]>;
  contexts: PlaceContext[];
  streets: StreetRecord[];
  addresses: AddressRecord[];
  interpolations: InterpolationRecord[];
  postcodes: PostcodeRecord[];
  localities: LocalityRecord[];
}

const packr = new Packr({ useRecords: true });

export function serializeGeocodeIndex(index: GeocodeIndex): Uint8Array {
  return packr.pack(index);
}

export class GeocodeIndexVersionError extends Error {}

/** Throws GeocodeIndexVersionError for a cache written by another version: the caller rebuilds it. */
export function deserializeGeocodeIndex(bytes: Uint8Array): GeocodeIndex {
  // msgpackr's native string decoder crashes the process (SIGSEGV) on a view of a SharedArrayBuffer: unpack a
  // private copy (slice() of a shared view allocates a plain ArrayBuffer).
  const own = bytes.buffer instanceof SharedArrayBuffer ? bytes.slice() : bytes;
  const index = packr.unpack(own) as GeocodeIndex;
  if (index?.version !== geocodeIndexVersion) {
    throw new GeocodeIndexVersionError(`geocode index version ${String(index?.version)}, expected ${geocodeIndexVersion}`);
  }
  return index;
}
