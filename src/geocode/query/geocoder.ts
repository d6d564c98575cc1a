/**
 * The local geocoder of one loaded index: forward and reverse search, and the countries it covers.
 */
import type { GeocodeIndex } from '../index/geocode-index.js';
import { serializeGeocodeIndex, ServedGeocodeIndex } from '../index/served-geocode-index.js';
import { searchAddress } from './forward-search.js';
import type { Point } from '../../geometry/point.js';
import { ReverseSearch } from './reverse-search.js';
import { SearchIndex } from '../index/search-index.js';
import type { GeocodeSuggestion } from './suggestion.js';

/** What the service asks of its local geocoding, whether one map's or several maps' together (map-geocoders.ts). */
export interface LocalGeocoder {
  /** Two-letter codes of the countries that have streets, addresses or places in the index. */
  readonly countries: ReadonlySet<string>;
  covers(country: string): boolean;
  geocode(query: string, country: string, maxResults: number): GeocodeSuggestion[];
  reverse(point: Point): GeocodeSuggestion[];
}

export class Geocoder implements LocalGeocoder {
  private readonly index: SearchIndex;
  private readonly reverseSearch: ReverseSearch;

  constructor(data: ServedGeocodeIndex) {
    this.index = new SearchIndex(data);
    this.reverseSearch = new ReverseSearch(this.index);
  }

  static fromBytes(bytes: Uint8Array): Geocoder {
    return new Geocoder(ServedGeocodeIndex.fromBytes(bytes));
  }

  /** The geocoder of an index just built, served as the cache would serve it. */
  static fromRecords(index: GeocodeIndex): Geocoder {
    return Geocoder.fromBytes(serializeGeocodeIndex(index));
  }

  get countries(): ReadonlySet<string> {
    return this.index.countries;
  }

  covers(country: string): boolean {
    return this.index.countries.has(country);
  }

  geocode(query: string, country: string, maxResults: number): GeocodeSuggestion[] {
    return searchAddress(this.index, query, country, maxResults);
  }

  reverse(point: Point): GeocodeSuggestion[] {
    return this.reverseSearch.search(point);
  }
}
