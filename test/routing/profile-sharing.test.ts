// The profiles of a map read the same ways: where their arrays agree byte for byte the truck profile serves the
// auto profile's own, and its served bytes leave them out (docs/scale.md).
import t from 'tap';
import { ArcFlag } from '../../src/map/arc-flags.js';
import { loadRoutingMap } from '../../src/routing/load/load-routing-map.js';
import { sharedData, testCacheDir } from '../helpers/shared-data.js';

const baltimore = sharedData('osm/baltimore.osm.pbf');
const liechtenstein = sharedData('osm/liechtenstein.osm.pbf');

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

t.test('Liechtenstein\'s profiles, each barred from ways the other may use, share their topology and turn topology', { skip: liechtenstein.skip }, async (t) => {
  const { descriptor } = await loadRoutingMap({ mapFile: liechtenstein.path, dataDir: testCacheDir() });
  const [auto, truck] = descriptor.maps;
  const closed = (flags: Uint16Array) => flags.filter((f) => (f & ArcFlag.Closed) !== 0).length;
  t.ok(closed(auto!.graph.arcFlags) > 0 && closed(truck!.graph.arcFlags) > 0, 'each profile has ways closed to it');
  t.equal(truck!.graph.tail, auto!.graph.tail);
  t.equal(truck!.graph.geomLat, auto!.graph.geomLat);
  t.equal(truck!.snap, auto!.snap);
  t.equal(truck!.turns.head, auto!.turns.head);
  t.equal(truck!.turns.firstTurn, auto!.turns.firstTurn);
});
