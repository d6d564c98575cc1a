/**
 * The server's `geocoder` resource: the geocode index of each `--map FILE` (from the cache beside the road graph,
 * or built on first use) in shared memory, and the upstream settings. The loader installs the geocoders on
 * the HTTP thread, for the start-up summary of covered countries; each worker installs them from the same
 * descriptor, at start or on first use when this module was loaded after the worker attached its resources.
 */
import type { Config } from '../../config.js';
import { registerResourceAttacher, setWorkerResource, workerResource } from '../../pool/worker-resources.js';
import { mapsToServe, servedMapFile } from '../../map/demo-town-file.js';
import type { ResourceLoader } from '../../server/resource-loaders.js';
import { Geocoder, type LocalGeocoder } from '../query/geocoder.js';
import { MapGeocoders } from '../query/map-geocoders.js';
import { setGeocoderProvider, setGeostream } from './geocoder-registry.js';
import { loadGeocodeIndex, type CachedGeocodeIndex } from '../import/geocode-index-cache.js';
import type { ServedGeocodeIndex } from '../index/served-geocode-index.js';
import { geostreamFromSettings, type GeostreamSettings } from './geostream-client.js';

export const GEOCODER_RESOURCE = 'geocoder';

export interface GeocoderDescriptor {
  /** The served index of each map on a SharedArrayBuffer, in the order of the maps. */
  indexes: Uint8Array[];
  geostream: GeostreamSettings;
}

/** One map's geocoder as it is, several maps' merged. */
function localGeocoderOf(indexes: Uint8Array[]): LocalGeocoder | undefined {
  const geocoders = indexes.map((bytes) => Geocoder.fromBytes(bytes));
  return geocoders.length > 1 ? new MapGeocoders(geocoders) : geocoders[0];
}

function installGeocoders(descriptor: GeocoderDescriptor): LocalGeocoder | undefined {
  const geocoder = localGeocoderOf(descriptor.indexes);
  setGeocoderProvider(() => geocoder);
  setGeostream(geostreamFromSettings(descriptor.geostream));
  return geocoder;
}

registerResourceAttacher(GEOCODER_RESOURCE, async (descriptor) => installGeocoders(descriptor as GeocoderDescriptor) ?? null);

/** Installs the geocoders in this worker if its resources were attached before this module was loaded. */
export function ensureGeocodersInstalled(): void {
  const resource = workerResource<unknown>(GEOCODER_RESOURCE);
  const isDescriptor = typeof resource === 'object' && resource !== null && 'indexes' in resource;
  if (!isDescriptor) return;
  setWorkerResource(GEOCODER_RESOURCE, installGeocoders(resource as GeocoderDescriptor) ?? null);
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
    const loaded: CachedGeocodeIndex[] = [];
    for (const mapFile of mapsToServe(config.maps)) loaded.push(await loadGeocodeIndex(servedMapFile(mapFile, config.dataDir), config.dataDir));
    const descriptor: GeocoderDescriptor = { indexes: loaded.map(({ bytes }) => bytes), geostream };
    const geocoder = installGeocoders(descriptor)!;
    const countries = [...geocoder.countries].sort();
    const count = (of: (index: ServedGeocodeIndex) => number) => loaded.reduce((total, { index }) => total + of(index), 0);
    const summary = {
      addresses: count((index) => index.addressCount), streets: count((index) => index.streetCount), countries,
      from_cache: loaded.every(({ fromCache }) => fromCache), served_bytes: loaded.map(({ bytes }) => bytes.byteLength),
    };
    announce(`Geocode index: ${summary.addresses} addresses, ${summary.streets} streets, countries ${countries.join(', ')}`);
    return { descriptor, summary, cacheFiles: loaded.map(({ path }) => path) };
  },
};
