/**
 * The server's `geocoder` resource: the geocode index of `--map FILE` (from the cache beside the road graph,
 * or built on first use) in shared memory, and the upstream settings. The loader installs the geocoders on
 * the HTTP thread, for the start-up summary of covered countries; each worker installs them from the same
 * descriptor, at start or on first use when this module was loaded after the worker attached its resources.
 */
import type { Config } from '../../config.js';
import { registerResourceAttacher, setWorkerResource, workerResource } from '../../pool/worker-resources.js';
import { servedMapFile } from '../../map/demo-town-file.js';
import type { ResourceLoader } from '../../server/resource-loaders.js';
import { Geocoder } from '../query/geocoder.js';
import { setGeocoderProvider, setGeostream } from './geocoder-registry.js';
import { loadGeocodeIndex } from '../import/geocode-index-cache.js';
import { geostreamFromSettings, type GeostreamSettings } from './geostream-client.js';

export const GEOCODER_RESOURCE = 'geocoder';

export interface GeocoderDescriptor {
  /** The serialized index on a SharedArrayBuffer; undefined when the service has no map. */
  index: Uint8Array | undefined;
  geostream: GeostreamSettings;
}

function installGeocoders(descriptor: GeocoderDescriptor): Geocoder | undefined {
  const geocoder = descriptor.index ? Geocoder.fromBytes(descriptor.index) : undefined;
  setGeocoderProvider(() => geocoder);
  setGeostream(geostreamFromSettings(descriptor.geostream));
  return geocoder;
}

registerResourceAttacher(GEOCODER_RESOURCE, async (descriptor) => installGeocoders(descriptor as GeocoderDescriptor) ?? null);

/** Installs the geocoders in this worker if its resources were attached before this module was loaded. */
export function ensureGeocodersInstalled(): void {
  const resource = workerResource<unknown>(GEOCODER_RESOURCE);
  if (resource === null || resource === undefined || resource instanceof Geocoder) return;
  setWorkerResource(GEOCODER_RESOURCE, installGeocoders(resource as GeocoderDescriptor) ?? null);
}

function sharedCopy(bytes: Uint8Array): Uint8Array {
  const shared = new Uint8Array(new SharedArrayBuffer(bytes.length));
  shared.set(bytes);
  return shared;
}

export const geocoderResourceLoader: ResourceLoader = {
  name: GEOCODER_RESOURCE,
  workerModule: import.meta.url,
  async load(config: Config, announce) {
    const geostream: GeostreamSettings = {
      geostreamUrl: config.geostreamUrl, geostreamCountries: config.geostreamCountries, geostreamMaxRetries: config.geostreamMaxRetries,
      geostreamRetryDelayMs: config.geostreamRetryDelayMs, geostreamTimeoutMs: config.geostreamTimeoutMs,
    };
    announce('Loading geocode index');
    const loaded = await loadGeocodeIndex(servedMapFile(config.map, config.dataDir), config.dataDir);
    const descriptor: GeocoderDescriptor = { index: sharedCopy(loaded.bytes), geostream };
    const geocoder = installGeocoders(descriptor)!;
    const countries = [...geocoder.countries].sort();
    const summary = { addresses: loaded.index.addresses.length, streets: loaded.index.streets.length, countries, from_cache: loaded.fromCache };
    announce(`Geocode index: ${summary.addresses} addresses, ${summary.streets} streets, countries ${countries.join(', ')}`);
    return { descriptor, summary };
  },
};
