/**
 * The optional upstream geocoder ("geostream"): a Nominatim-compatible service used for countries the local index
 * does not cover. Requests that fail with 429 or 5xx are retried with doubling back-off; failures map to the error
 * codes of docs/api.md, Errors and validation codes: `geostream_unavailable` when the upstream cannot be reached at
 * all, `geostream_exceeded_maximum_retries` when it kept failing, `geostream_error` for an answer that is not usable
 * (other 4xx, a body that is not Nominatim JSON).
 */
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { regionNames } from '../text/country-rules.js';
import type { Point } from '../../geometry/point.js';
import { makeSuggestion, type GeocodeSuggestion, type MatchType } from '../query/suggestion.js';

export interface GeostreamOptions {
  url: string;
  /** Upper-case country codes it serves; undefined serves every country. */
  countries: ReadonlySet<string> | undefined;
  maxRetries: number;
  retryDelayMs: number;
  timeoutMs: number;
}

/** One result of Nominatim's `format=jsonv2&addressdetails=1`. */
interface NominatimPlace {
  lat: string;
  lon: string;
  importance?: number;
  address?: Record<string, string>;
}

/** A failure worth another attempt; `reachedServer` tells an unreachable upstream from one that answered badly. */
class RetryableFailure extends Error {
  constructor(readonly reachedServer: boolean) {
    super(reachedServer ? 'the upstream geocoder answered with a server error' : 'the upstream geocoder is unreachable');
  }
}

const sleep = (ms: number, signal: AbortSignal | undefined) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    const stop = () => {
      clearTimeout(timer);
      resolve();
    };
    signal?.addEventListener('abort', stop, { once: true });
  });

export class GeostreamClient {
  constructor(private readonly options: GeostreamOptions) {}

  covers(country: string): boolean {
    return this.options.countries?.has(country) ?? true;
  }

  async geocode(query: string, country: string, maxResults: number, signal?: AbortSignal): Promise<GeocodeSuggestion[]> {
    const parameters = new URLSearchParams({
      q: query, countrycodes: country.toLowerCase(), format: 'jsonv2', addressdetails: '1', limit: String(maxResults),
    });
    const places = await this.request('search', parameters, signal);
    if (!Array.isArray(places)) throw new AppError('geostream_error', 'The upstream geocoder answered a search with something other than a list');
    return places.slice(0, maxResults).map((place) => toSuggestion(place as NominatimPlace, country));
  }

  async reverse(point: Point, signal?: AbortSignal): Promise<GeocodeSuggestion[]> {
    const parameters = new URLSearchParams({ lat: String(point.lat), lon: String(point.lon), format: 'jsonv2', addressdetails: '1' });
    const place = (await this.request('reverse', parameters, signal)) as NominatimPlace & { error?: string };
    if (place === null || typeof place !== 'object') throw new AppError('geostream_error', 'The upstream geocoder answered a reverse lookup with something other than an object');
    // Nominatim answers a point in the sea with 200 and {"error": "Unable to geocode"}: nothing there, not a failure.
    if (place.error !== undefined) return [];
    return [toSuggestion(place, place.address?.country_code?.toUpperCase() ?? '')];
  }

  private async request(endpoint: string, parameters: URLSearchParams, signal: AbortSignal | undefined): Promise<unknown> {
    const url = `${this.options.url.replace(/\/+$/, '')}/${endpoint}?${parameters}`;
    let reached = false;
    for (let attempt = 0; attempt <= this.options.maxRetries; attempt++) {
      if (attempt > 0) await sleep(this.options.retryDelayMs * 2 ** (attempt - 1), signal);
      if (signal?.aborted) throw new AppError('geostream_error', 'The geocoding request was canceled');
      try {
        return await this.attempt(url, signal);
      } catch (error) {
        if (!(error instanceof RetryableFailure)) throw error;
        reached ||= error.reachedServer;
      }
    }
    if (!reached) throw new AppError('geostream_unavailable', 'The upstream geocoding server is unavailable');
    throw new AppError('geostream_exceeded_maximum_retries', `The upstream geocoder failed ${this.options.maxRetries + 1} times in a row`);
  }

  private async attempt(url: string, signal: AbortSignal | undefined): Promise<unknown> {
    const timeout = AbortSignal.timeout(this.options.timeoutMs);
    let response: Response;
    try {
      response = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout, headers: { accept: 'application/json', 'user-agent': 'fleetroute' } });
    } catch {
      throw new RetryableFailure(false);
    }
    if (response.status === 429 || response.status >= 500) throw new RetryableFailure(true);
    if (!response.ok) throw new AppError('geostream_error', `The upstream geocoder answered ${response.status}`);
    try {
      return await response.json();
    } catch {
      throw new AppError('geostream_error', 'The upstream geocoder answered with a body that is not JSON');
    }
  }
}

function matchTypeOf(address: Record<string, string>): MatchType {
  if (address.house_number) return 'address';
  if (address.road) return 'street';
  if (address.postcode && !(address.city ?? address.town ?? address.village)) return 'postcode';
  return 'locality';
}

/** Nominatim's address parts through the same per-country region rules as the local index. */
function toSuggestion(place: NominatimPlace, fallbackCountry: string): GeocodeSuggestion {
  const address = place.address ?? {};
  const country = address.country_code?.toUpperCase() ?? fallbackCountry;
  const town = address.city ?? address.town ?? address.village ?? address.municipality;
  const areaByLevel = new Map<number, { name: string; borderType: string | undefined }>();
  if (town) areaByLevel.set(8, { name: town, borderType: undefined });
  if (address.county) areaByLevel.set(6, { name: address.county, borderType: undefined });
  if (address.state) areaByLevel.set(4, { name: address.state, borderType: undefined });
  // Nominatim names the places around the result without distances: all count as at the result.
  const placeByKind = new Map<string, { name: string; distance: number }>();
  for (const kind of ['suburb', 'neighbourhood', 'hamlet', 'village', 'town', 'city']) if (address[kind]) placeByKind.set(kind, { name: address[kind], distance: 0 });
  const names = regionNames(country, { areaByLevel, placeByKind, addrCity: town, addrState: undefined });
  const location = { lat: Number(place.lat), lon: Number(place.lon) };
  if (!Number.isFinite(location.lat) || !Number.isFinite(location.lon)) {
    throw new AppError('geostream_error', 'The upstream geocoder answered a place without coordinates');
  }
  const matchType = matchTypeOf(address);
  const streetLevel = matchType === 'address' || matchType === 'street';
  return makeSuggestion({
    matchType,
    score: Math.max(0, Math.min(1, place.importance ?? 0.5)),
    location,
    context: { country, ...names },
    intersection: streetLevel ? location : undefined,
    streetName: streetLevel ? address.road : undefined,
    streetNumber: matchType === 'address' ? address.house_number : undefined,
    postcode: matchType === 'locality' ? undefined : address.postcode,
  });
}

/** The client described by the service configuration, or undefined when no upstream is configured. */
export type GeostreamSettings = Pick<
  Config, 'geostreamUrl' | 'geostreamCountries' | 'geostreamMaxRetries' | 'geostreamRetryDelayMs' | 'geostreamTimeoutMs'
>;

export function geostreamFromSettings(settings: GeostreamSettings): GeostreamClient | undefined {
  if (!settings.geostreamUrl) return undefined;
  return new GeostreamClient({
    url: settings.geostreamUrl,
    countries: settings.geostreamCountries ? new Set(settings.geostreamCountries.toUpperCase().split(',')) : undefined,
    maxRetries: settings.geostreamMaxRetries,
    retryDelayMs: settings.geostreamRetryDelayMs,
    timeoutMs: settings.geostreamTimeoutMs,
  });
}
