import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { demoTownOsmXml } from './demo-town.js';

/**
 * The demo town written as an .osm file in the data dir, so it goes through the same import and caches (road
 * graph, hierarchy, geocode index) as any extract. The generator is deterministic and the caches are keyed by
 * content, so rewriting it only when it changed keeps them warm.
 */
export function demoTownFile(dataDir: string): string {
  const file = join(dataDir, 'maps', 'demo-town.osm');
  const xml = demoTownOsmXml();
  let current: string | undefined;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = undefined;
  }
  if (current !== xml) {
    mkdirSync(join(dataDir, 'maps'), { recursive: true });
    writeFileSync(file, xml);
  }
  return file;
}

/** The map the service serves: `--map FILE`, else the embedded demo town. */
export function servedMapFile(map: string | undefined, dataDir: string): string {
  return map ?? demoTownFile(dataDir);
}

/** The maps to serve, in order: each `--map FILE`, else the demo town (undefined). */
export function mapsToServe(maps: readonly string[]): (string | undefined)[] {
  return maps.length > 0 ? [...maps] : [undefined];
}
