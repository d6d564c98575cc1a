/**
 * The geocoders of several served maps answering as one: a search runs on every map covering the country and the
 * suggestions are merged by score; a point is answered by the map whose nearest suggestion is nearest to it,
 * which is the map the point lies in wherever the maps are apart.
 */
import type { Point } from '../../geometry/point.js';
import { distanceMeters } from '../../geometry/sphere.js';
import { parseLatLon } from '../../conventions/latlon.js';
import type { LocalGeocoder } from './geocoder.js';
import type { GeocodeSuggestion } from './suggestion.js';

/** How far a map's answer to a point lies from it; a map without an answer, infinitely far. */
function distanceOfAnswer(point: Point, suggestions: GeocodeSuggestion[]): number {
  const location = parseLatLon(suggestions[0]?.location);
  return location.ok ? distanceMeters(point, location.value) : Infinity;
}

export class MapGeocoders implements LocalGeocoder {
  readonly countries: ReadonlySet<string>;

  constructor(private readonly geocoders: readonly LocalGeocoder[]) {
    this.countries = new Set(geocoders.flatMap((geocoder) => [...geocoder.countries]));
  }

  covers(country: string): boolean {
    return this.countries.has(country);
  }

  geocode(query: string, country: string, maxResults: number): GeocodeSuggestion[] {
    const found = this.geocoders.flatMap((geocoder) => (geocoder.covers(country) ? geocoder.geocode(query, country, maxResults) : []));
    return found.sort((a, b) => b.score - a.score).slice(0, maxResults);
  }

  reverse(point: Point): GeocodeSuggestion[] {
    const answers = this.geocoders.map((geocoder) => geocoder.reverse(point));
    const distances = answers.map((answer) => distanceOfAnswer(point, answer));
    return answers[distances.indexOf(Math.min(...distances))] ?? [];
  }
}
