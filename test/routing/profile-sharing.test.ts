// The profiles of a map read the same ways: where their arrays agree byte for byte the truck profile serves the
// auto profile's own, and its served bytes leave them out (docs/scale.md).
import t from 'tap';
import { loadRoutingMap } from '../../src/routing/load/load-routing-map.js';
import { sharedData, testCacheDir } from '../helpers/shared-data.js';

const baltimore = sharedData('osm/baltimore.osm.pbf');

t.test('Baltimore\'s truck profile serves the auto profile\'s geometry, names and snap index, and counts them once', { skip: baltimore.skip }, async (t) => {
  const { descriptor, summary } = await loadRoutingMap({ mapFile: baltimore.path, dataDir: testCacheDir() });
  const [auto, truck] = descriptor.maps;
  t.equal(truck!.graph.geomLat, auto!.graph.geomLat);
  t.equal(truck!.graph.nodeLon, auto!.graph.nodeLon);
  t.equal(truck!.graph.names, auto!.graph.names);
  t.equal(truck!.snap, auto!.snap, 'the snap index is made of the geometry alone');
  t.equal(truck!.turns.head, auto!.turns.head);
  t.not(truck!.graph.weight, auto!.graph.weight, 'a truck drives at its own speeds');
  t.not(truck!.turns.turnMs, auto!.turns.turnMs, 'and pays its own turns');
  t.equal(summary.servedBytes.truck!.geometry, 0);
  t.equal(summary.servedBytes.truck!.snapIndex, 0);
  t.ok(summary.servedBytes.truck!.metric > 0);
  t.ok(summary.servedBytes.auto!.geometry > 0);
});
