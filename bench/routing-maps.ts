// The maps of the routing benchmark, loaded the same way by the benchmark and by its preprocessing child.
import { join } from 'node:path';
import type { ArcGraph } from '../src/kernels/arc-graph.js';
import { importMap } from '../src/map/import-map.js';
import { sharedData } from '../test/helpers/shared-data.js';
import { syntheticCity } from './synthetic-city.js';

export const EXTRACTS = ['monaco', 'andorra', 'liechtenstein', 'baltimore'];

export interface BenchMap {
  graph: ArcGraph & { componentSize?: Uint32Array };
  /** Where the preprocessing child leaves the hierarchy for the benchmark to restore. */
  hierarchyPath: string;
  hierarchyKey: string;
}

const CITY = /^city(\d+)$/;

/** Why a map cannot be benchmarked here, or null when it can. */
export function benchMapMissing(name: string): string | null {
  if (CITY.test(name)) return null;
  const extract = sharedData(`osm/${name}.osm.pbf`);
  return extract.skip || null;
}

/** `city<side>` is the synthetic city; other names are extracts under ../shared/data/osm (null when absent). */
export async function loadBenchMap(name: string, dataDir: string): Promise<BenchMap | null> {
  const city = CITY.exec(name);
  if (city) {
    const side = Number(city[1]);
    return { graph: syntheticCity(side), hierarchyPath: join(dataDir, `${name}.ch`), hierarchyKey: name };
  }
  const extract = sharedData(`osm/${name}.osm.pbf`);
  if (extract.skip) return null;
  const map = await importMap(extract.path, { dataDir });
  return { graph: map.graph, hierarchyPath: `${map.cachePath}.ch`, hierarchyKey: `${map.cacheKey}/auto` };
}
