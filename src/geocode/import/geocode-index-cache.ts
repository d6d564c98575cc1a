/**
 * The geocode index cached on disk beside the road graph (`<dataDir>/maps/`) in its served form, keyed by the
 * extract's content hash and the index version: a warm start reads the file straight into shared memory, checked
 * against its digest, instead of reading the extract again.
 */
import { mkdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { readArrayFile, writeArrayFile } from '../../common/array-file.js';
import { PackedArraysError } from '../../common/packed-arrays.js';
import { sharedCopy } from '../../common/shared-array.js';
import { fileSha256 } from '../../map/cache/map-cache-key.js';
import { buildGeocodeIndex } from './build-geocode-index.js';
import { geocodeIndexVersion } from '../index/geocode-index.js';
import { GeocodeIndexVersionError, serializeGeocodeIndex, ServedGeocodeIndex } from '../index/served-geocode-index.js';

export interface CachedGeocodeIndex {
  index: ServedGeocodeIndex;
  /** The served form on a SharedArrayBuffer, as workers receive it (`Geocoder.fromBytes`). */
  bytes: Uint8Array;
  path: string;
  fromCache: boolean;
}

function geocodeIndexCachePath(sourcePath: string, sourceHash: string, dataDir: string): string {
  const stem = basename(sourcePath).replace(/[^A-Za-z0-9._-]/g, '_');
  return join(dataDir, 'maps', `${stem}.${sourceHash.slice(0, 16)}.geocode.v${geocodeIndexVersion}.bin`);
}

/** Writes the served form (serializeGeocodeIndex) as the cache stores it. */
export function writeGeocodeIndexFile(path: string, bytes: Uint8Array): void {
  writeArrayFile(path, null, { index: bytes });
}

/**
 * The served form stored at `path`, on a SharedArrayBuffer of its own (posted to workers, it is shared, not
 * copied); undefined when the file is absent, damaged or does not match its digest.
 */
export async function readGeocodeIndexFile(path: string): Promise<Uint8Array | undefined> {
  const index = (await readArrayFile(path))?.arrays.index;
  return index instanceof Uint8Array ? index : undefined;
}

async function readCached(path: string): Promise<{ bytes: Uint8Array; index: ServedGeocodeIndex } | undefined> {
  const bytes = await readGeocodeIndexFile(path);
  if (!bytes) return undefined;
  try {
    return { bytes, index: ServedGeocodeIndex.fromBytes(bytes) };
  } catch (error) {
    if (error instanceof GeocodeIndexVersionError || error instanceof PackedArraysError) return undefined;
    throw error;
  }
}

/** The index of an extract from the cache, or built and cached. `sourceHash` saves hashing the file twice. */
export async function loadGeocodeIndex(sourcePath: string, dataDir: string, sourceHash?: string): Promise<CachedGeocodeIndex> {
  const path = geocodeIndexCachePath(sourcePath, sourceHash ?? (await fileSha256(sourcePath)), dataDir);
  const cached = await readCached(path);
  if (cached) return { ...cached, path, fromCache: true };
  const written = serializeGeocodeIndex(await buildGeocodeIndex(sourcePath));
  mkdirSync(join(dataDir, 'maps'), { recursive: true });
  writeGeocodeIndexFile(path, written);
  const bytes = sharedCopy(written);
  return { index: ServedGeocodeIndex.fromBytes(bytes), bytes, path, fromCache: false };
}
