import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { ProfileName } from '../profiles/index.js';
import { MAP_FORMAT_VERSION } from './map-cache-file.js';

/** Hashes already taken in this process, by path, with the size and modification time they were taken at. */
const hashed = new Map<string, { version: string; hash: Promise<string> }>();

async function streamedSha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * SHA-256 of a file's bytes, streamed once per version of the file: a start or an import keys each profile's
 * graph and the geocode index by the same extract, which a country makes gigabytes to read.
 */
export async function fileSha256(path: string): Promise<string> {
  const { size, mtimeMs } = await stat(path);
  const version = `${size}:${mtimeMs}`;
  const known = hashed.get(path);
  if (known?.version === version) return known.hash;
  const hash = streamedSha256(path);
  hashed.set(path, { version, hash });
  hash.catch(() => hashed.delete(path));
  return hash;
}

export interface MapCacheKey {
  /** Identity of the cached content: source hash, profile and format version. */
  key: string;
  /** Where the graph lives; other caches of the same map (e.g. the hierarchy) should sit beside it. */
  path: string;
}

export function mapCacheKey(sourcePath: string, sourceHash: string, profile: ProfileName, dataDir: string): MapCacheKey {
  const key = `${sourceHash}:${profile}:v${MAP_FORMAT_VERSION}`;
  const stem = basename(sourcePath).replace(/[^A-Za-z0-9._-]/g, '_');
  return { key, path: join(dataDir, 'maps', `${stem}.${profile}.${sourceHash.slice(0, 16)}.v${MAP_FORMAT_VERSION}.fmap`) };
}
