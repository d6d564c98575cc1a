import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, found from this compiled file (dist/test/helpers → three levels up). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** `../shared` beside the checkout: real OSM extracts and VRP instances, never copied into the repo. */
export const sharedDir = resolve(repoRoot, '../shared');

/** CI sets this so that a missing `../shared` fails the run instead of silently skipping. */
const sharedRequired = process.env.FLEETROUTE_REQUIRE_SHARED === '1';

/**
 * Path of a file under `../shared/data`, or a tap `skip` reason when it is absent on this machine.
 * Throws when CI requires the shared data and it is missing.
 */
export function sharedData(relativePath: string): { path: string; skip: false } | { path: string; skip: string } {
  const path = join(sharedDir, 'data', relativePath);
  if (existsSync(path)) return { path, skip: false };
  if (sharedRequired) throw new Error(`FLEETROUTE_REQUIRE_SHARED=1 but ${path} is missing`);
  return { path, skip: `${path} is not on this machine` };
}

/** One folder per test run where imported maps are cached, so each extract is imported once, not per file. */
export function testCacheDir(): string {
  const dir = process.env.FLEETROUTE_TEST_CACHE ?? join(repoRoot, '.test-cache');
  mkdirSync(dir, { recursive: true });
  return dir;
}
