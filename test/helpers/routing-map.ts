// Loads a map for the routing operations in the test thread, as the server does for its workers:
// loadRoutingMap on the "HTTP thread", the descriptor attached here as the `routing` worker resource.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ProfileName } from '../../src/map/profiles/index.js';
import { setWorkerResource } from '../../src/pool/worker-resources.js';
import { attachServedMaps, ROUTING_RESOURCE, type RoutingMap } from '../../src/routing/load/attach-routing-map.js';
import { loadRoutingMap } from '../../src/routing/load/load-routing-map.js';
import type { AsciiMap } from './ascii-map.js';
import { temporaryDirectory } from './temporary-directory.js';

export async function useRoutingMap(mapFile: string, dataDir: string, profiles: ProfileName[] = ['auto']): Promise<RoutingMap> {
  const { descriptor } = await loadRoutingMap({ mapFile, dataDir, profiles });
  // Through a structured clone, as workerData would carry it: nothing may rely on sharing objects.
  const maps = attachServedMaps([structuredClone(descriptor)]);
  setWorkerResource(ROUTING_RESOURCE, maps);
  return maps.first;
}

/** An ASCII scenario written to a temporary .osm file and loaded for the routing operations. */
export async function useAsciiRoutingMap(scenario: AsciiMap, profiles: ProfileName[] = ['auto']): Promise<RoutingMap> {
  const dir = temporaryDirectory('routing-map-');
  const file = join(dir, 'scenario.osm');
  writeFileSync(file, scenario.toXml());
  return useRoutingMap(file, dir, profiles);
}

/** "lat,lon" of a drawn node, as requests write it. */
export function at(scenario: AsciiMap, name: string): string {
  const [lat, lon] = scenario.location(name);
  return `${lat},${lon}`;
}
