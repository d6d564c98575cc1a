/** Random points on a map's main network (its largest strongly connected component), as `lat,lon` strings. */
import { importMap } from '../src/map/import-map.js';
import { randomInt, seededRandom } from '../test/helpers/random-graph.js';

export async function mainNetworkPoints(mapFile: string, dataDir: string, count: number, seed = 42): Promise<string[]> {
  const { graph } = await importMap(mapFile, { dataDir });
  const largest = graph.componentSize.reduce((a, b) => Math.max(a, b), 0);
  const nodes = Array.from({ length: graph.nodeCount }, (_, node) => node).filter((node) => graph.componentSize[node] === largest);
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const node = nodes[randomInt(random, nodes.length)]!;
    return `${graph.nodeLat[node]!.toFixed(6)},${graph.nodeLon[node]!.toFixed(6)}`;
  });
}
