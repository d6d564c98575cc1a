import { join } from 'node:path';
import t from 'tap';
import { DEMO_TOWN } from '../../src/map/demo-town.js';
import { haversineMeters } from '../../src/map/geo.js';
import type { OperationContext } from '../../src/operations/operation.js';
import { setWorkerResource } from '../../src/pool/worker-resources.js';
import { attachServedMaps, ROUTING_RESOURCE } from '../../src/routing/load/attach-routing-map.js';
import { loadRoutingMap } from '../../src/routing/load/load-routing-map.js';
import { operation as path } from '../../src/routing/service/path-operation.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };

t.test('before any map is attached, routing answers 503 rather than crashing', async (t) => {
  await t.rejects(path.run(path.validate({ routes: [{ stops: [{ location: '46,8' }] }] }), context), { code: 'service_unavailable_error' });
});

t.test('without a map file the embedded demo town is loaded, and routes across it follow its streets', async (t) => {
  const dataDir = temporaryDirectory('demo-town-');
  const { descriptor, summary } = await loadRoutingMap({ dataDir, profiles: ['auto'] });
  t.equal(summary.name, `${DEMO_TOWN.name} (demo town)`);
  t.ok(summary.nodes > 81, `${summary.nodes} nodes`);
  setWorkerResource(ROUTING_RESOURCE, attachServedMaps([descriptor]));
  const from = [DEMO_TOWN.lat - 0.004, DEMO_TOWN.lon - 0.005] as const, to = [DEMO_TOWN.lat + 0.004, DEMO_TOWN.lon + 0.005] as const;
  const answer = await path.run(path.validate({ routes: [{ stops: [{ location: from.join(',') }, { location: to.join(',') }] }] }), context);
  const route = answer.routes[0]!;
  t.equal(route.error, undefined);
  const straight = haversineMeters(from[0], from[1], to[0], to[1]);
  t.ok(route.distance_meters! >= straight * 0.9 && route.distance_meters! < straight * 2, `${route.distance_meters} m for ${straight.toFixed(0)} m as the crow flies`);
  const again = await loadRoutingMap({ dataDir, profiles: ['auto'] });
  t.equal(again.summary.fromCache, true, 'a restart is served by the cache');
});
