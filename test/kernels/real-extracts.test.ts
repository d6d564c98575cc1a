// On every real OSM extract, the hierarchy's durations equal plain Dijkstra's on thousands of seeded pairs.
import t from 'tap';
import { importMap } from '../../src/map/import-map.js';
import { cachedHierarchy, CLOSED_ARC, RoutingKernels, SharedRegions, type Seed } from '../../src/kernels/index.js';
import { referenceRoute } from '../helpers/reference-dijkstra.js';
import { randomInt, seededRandom } from '../helpers/random-graph.js';
import { routeInconsistency } from '../helpers/route-checks.js';
import { sharedData, testCacheDir } from '../helpers/shared-data.js';

const PAIRS = 2000;
const regions = SharedRegions.create();
const kernels = RoutingKernels.attach(regions.memory);

/** A stop on a random arc: its two seeds, as a snap in the middle of an arc yields them. */
function seedsOnArc(graph: { tail: Uint32Array; head: Uint32Array; weight: Uint32Array; distance: Uint32Array }, arc: number, fraction: number) {
  const rest = (value: number, share: number) => Math.round(value * share);
  const source: Seed = { node: graph.head[arc]!, weight: rest(graph.weight[arc]!, 1 - fraction), distance: rest(graph.distance[arc]!, 1 - fraction) };
  const target: Seed = { node: graph.tail[arc]!, weight: rest(graph.weight[arc]!, fraction), distance: rest(graph.distance[arc]!, fraction) };
  return { source, target };
}

for (const name of ['monaco', 'andorra', 'liechtenstein', 'baltimore']) {
  const extract = sharedData(`osm/${name}.osm.pbf`);
  t.test(`on ${name}, CH durations equal plain Dijkstra on ${PAIRS} seeded pairs`, { skip: extract.skip }, async (t) => {
    // Imported and contracted once per test run; other test files reuse both through the cache.
    const map = await importMap(extract.path, { dataDir: testCacheDir() });
    const graph = map.graph;
    const hierarchy = await cachedHierarchy(regions, graph, `${map.cachePath}.ch`, `${map.cacheKey}/auto`);
    const seed = name.length * 1000 + PAIRS;
    const random = seededRandom(seed);
    const openArcs = Array.from(graph.weight.keys()).filter((arc) => graph.weight[arc] !== CLOSED_ARC);
    const stop = () => seedsOnArc(graph, openArcs[randomInt(random, openArcs.length)]!, random());
    let failure: string | null = null;
    for (let i = 0; i < PAIRS && !failure; i++) {
      const from = stop();
      const to = stop();
      const expected = referenceRoute(graph, [from.source], [to.target]);
      const actual = kernels.route(hierarchy, [from.source], [to.target]);
      const pair = `${name}, seed ${seed}, pair ${i}`;
      if (expected?.weight !== actual?.weight) failure = `${pair}: reference ${expected?.weight}, CH ${actual?.weight}`;
      else if (actual) failure = routeInconsistency(graph, actual, [from.source], [to.target]);
    }
    t.equal(failure, null);
  });
}
