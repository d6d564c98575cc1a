/**
 * The geocode index as the build makes it from an OSM extract: plain records. It is cached and served in another
 * form (served-geocode-index.ts), where what grows with the addresses lies in shared typed arrays; word
 * postings and the other lookup structures are derived from that at load time by `Geocoder`.
 */

/** Bumped whenever the shape or the meaning of the data changes, so that stale caches are rebuilt. */
export const geocodeIndexVersion = 8;

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
  /** Grouped by street, in street order (the served form keeps each street's addresses as one range). */
  addresses: AddressRecord[];
  interpolations: InterpolationRecord[];
  postcodes: PostcodeRecord[];
  localities: LocalityRecord[];
}
