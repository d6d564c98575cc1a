/**
 * Where operations find the geocoders. The server sets them once at start, on the HTTP thread (its start-up
 * summary lists the covered countries) and in every worker (validation and searches run there): the local
 * index through a provider, so that it can be loaded or swapped after the operations are, and the optional
 * upstream.
 */
import type { LocalGeocoder } from '../query/geocoder.js';
import type { GeostreamClient } from './geostream-client.js';

let localProvider: () => LocalGeocoder | undefined = () => undefined;
let upstream: GeostreamClient | undefined;

export function setGeocoderProvider(provider: () => LocalGeocoder | undefined): void {
  localProvider = provider;
}

export function setGeostream(client: GeostreamClient | undefined): void {
  upstream = client;
}

export function localGeocoder(): LocalGeocoder | undefined {
  return localProvider();
}

export function geostream(): GeostreamClient | undefined {
  return upstream;
}

/** Whether some geocoder answers for an upper-case ISO 3166-1 code. */
export function isCountryCovered(country: string): boolean {
  return (localProvider()?.covers(country) ?? false) || (upstream?.covers(country) ?? false);
}
