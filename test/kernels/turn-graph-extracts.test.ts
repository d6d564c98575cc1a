// On every real OSM extract (all but Andorra's carry turn restrictions), the hierarchy of the edge-based turn graph finds
// exactly the durations its reference Dijkstra finds, between stops seeded as the router seeds them.
import t from 'tap';
import { buildHierarchy, RoutingKernels, SharedRegions } from '../../src/kernels/index.js';
import { referenceRoute } from '../helpers/reference-dijkstra.js';
import { BLOCKED_MS } from '../../src/map/graph/metric.js';
import { buildTurnGraph } from '../../src/map/graph/turn-graph.js';
import { importMap } from '../../src/map/import-map.js';
import { PROFILES } from '../../src/map/profiles/index.js';
import type { SnapCandidate } from '../../src/map/snap/snap-candidate.js';
import { turnSeedsOf } from '../../src/map/snap/turn-seeds.js';
import { randomInt, seededRandom } from '../helpers/random-graph.js';
import { routeInconsistency } from '../helpers/route-checks.js';
import { sharedData, testCacheDir } from '../helpers/shared-data.js';

const PAIRS = 2000;
const regions = SharedRegions.create();
const kernels = RoutingKernels.attach(regions.memory);

/** A stop at `fraction` along a primary arc, as the snap index would report it (one direction only). */
function stopOn(arc: number, fraction: number): SnapCandidate {
  return { edge: -1, arc, reverseArc: -1, fraction, point: [0, 0], distanceMeters: 0, bearing: 0 };
}

for (const name of ['monaco', 'andorra', 'liechtenstein', 'baltimore']) {
  const extract = sharedData(`osm/${name}.osm.pbf`);
  t.test(`on ${name}, edge-based CH durations equal the edge-based Dijkstra on ${PAIRS} seeded pairs`, { skip: extract.skip }, async (t) => {
    const map = await importMap(extract.path, { dataDir: testCacheDir() });
    const graph = map.graph;
    t.comment(`${graph.arcCount - graph.primaryArcCount} restriction copies of arcs`);
    const turns = buildTurnGraph(graph, { turns: PROFILES.auto.turns, drivingSide: 'right' });
    const hierarchy = await buildHierarchy(regions, turns);
    const random = seededRandom(name.length * 1000 + PAIRS);
    const openArcs = Array.from({ length: graph.primaryArcCount }, (_, a) => a).filter((a) => graph.weight[a]! < BLOCKED_MS);
    const stop = () => stopOn(openArcs[randomInt(random, openArcs.length)]!, random());
    let failure: string | null = null;
    for (let i = 0; i < PAIRS && !failure; i++) {
      const sources = turnSeedsOf(graph, turns, map.arcCopies, stop()).sources;
      const targets = turnSeedsOf(graph, turns, map.arcCopies, stop()).targets;
      const expected = referenceRoute(turns, sources, targets);
      const actual = kernels.route(hierarchy, sources, targets);
      if (expected?.weight !== actual?.weight) failure = `${name}, pair ${i}: reference ${expected?.weight}, CH ${actual?.weight}`;
      else if (actual) failure = routeInconsistency(turns, actual, sources, targets);
    }
    t.equal(failure, null);
  });
}
