/**
 * The geocode index cached on disk beside the road graph (`<dataDir>/maps/`), keyed by the extract's content
 * hash and the index version: a warm start reads it instead of reading the extract again.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fileSha256 } from '../../map/cache/map-cache-key.js';
import { buildGeocodeIndex } from './build-geocode-index.js';
import {
  deserializeGeocodeIndex, geocodeIndexVersion, GeocodeIndexVersionError, serializeGeocodeIndex, type GeocodeIndex,
} from '../index/geocode-index.js';

export interface CachedGeocodeIndex {
  index: GeocodeIndex;
  /** The serialized index, as workers receive it (`Geocoder.fromBytes`). */
  bytes: Uint8Array;
  path: string;
  fromCache: boolean;
}

function geocodeIndexCachePath(sourcePath: string, sourceHash: string, dataDir: string): string {
  const stem = basename(sourcePath).replace(/[^A-Za-z0-9._-]/g, '_');
  return join(dataDir, 'maps', `${stem}.${sourceHash.slice(0, 16)}.geocode.v${geocodeIndexVersion}.msgpack`);
}

function readCached(path: string): { bytes: Uint8Array; index: GeocodeIndex } | undefined {
  if (!existsSync(path)) return undefined;
  const bytes = readFileSync(path);
  try {
    return { bytes, index: deserializeGeocodeIndex(bytes) };
  } catch (error) {
    if (error instanceof GeocodeIndexVersionError) return undefined;
    throw error;
  }
}

/** The index of an extract from the cache, or built and cached. `sourceHash` saves hashing the file twice. */
export async function loadGeocodeIndex(sourcePath: string, dataDir: string, sourceHash?: string): Promise<CachedGeocodeIndex> {
  const path = geocodeIndexCachePath(sourcePath, sourceHash ?? (await fileSha256(sourcePath)), dataDir);
  const cached = readCached(path);
  if (cached) return { ...cached, path, fromCache: true };
  const index = await buildGeocodeIndex(sourcePath);
  const bytes = serializeGeocodeIndex(index);
  mkdirSync(join(dataDir, 'maps'), { recursive: true });
  // Written aside and renamed, so that a concurrent reader never sees half a file.
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, bytes);
  renameSync(partial, path);
  return { index, bytes, path, fromCache: false };
}
