// A profile whose routing memory is full builds its metrics (traffic patterns, truck classes) in a spare memory
// and routes on them as it would in its own; how many spare memories a profile gets follows its hierarchy's size.
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import t from 'tap';
import { ADDRESS_SPACE_BYTES, SharedRegions, type Hierarchy } from '../../src/kernels/index.js';
import type { OperationContext } from '../../src/operations/operation.js';
import { setWorkerResource } from '../../src/pool/worker-resources.js';
import { attachServedMaps, ROUTING_RESOURCE } from '../../src/routing/load/attach-routing-map.js';
import { loadRoutingMap } from '../../src/routing/load/load-routing-map.js';
import { routingMap } from '../../src/routing/load/request-map.js';
import { spareMemories } from '../../src/routing/load/spare-memories.js';
import { operation as path } from '../../src/routing/service/path-operation.js';
import { metricAt } from '../../src/routing/traffic/traffic-metric.js';
import { fillRoutingMemory } from '../helpers/full-memory.js';
import { at } from '../helpers/routing-map.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';
import { TUESDAY_0815, trafficTown } from '../helpers/traffic-town.js';

const context: OperationContext = { signal: new AbortController().signal, reportProgress: () => undefined };

const town = trafficTown;

async function metersAtRushHour(): Promise<number> {
  const request = {
    routes: [{ routing_options: { route_with_traffic: true, routing_date_time: TUESDAY_0815 }, stops: [{ location: at(town, 'a') }, { location: at(town, 'b') }] }],
  };
  const [route] = (await path.run(path.validate(request), context)).routes;
  return route!.distance_meters!;
}

t.test('with its own memory full, a profile builds its rush-hour metric in a spare memory and takes the detour there', async (t) => {
  const dir = temporaryDirectory('spare-memories-');
  const file = join(dir, 'town.osm');
  writeFileSync(file, town.toXml());
  const { descriptor } = await loadRoutingMap({ mapFile: file, dataDir: dir, profiles: ['auto'] });
  setWorkerResource(ROUTING_RESOURCE, attachServedMaps([descriptor]));
  const router = routingMap().router('auto');
  const free = await router.metric({});
  fillRoutingMemory(SharedRegions.attach(descriptor.maps[0]!.memory));

  const rush = await metricAt(router, {}, Date.parse(TUESDAY_0815) / 1000, 60, true);
  t.not(rush.kernels, free.kernels, 'the rush-hour metric is searched in another memory');
  t.not(rush.hierarchy, free.hierarchy);
  const meters = await metersAtRushHour();
  t.ok(Math.abs(meters - 1200) < 5, `rush hour drives the detour (${meters} m)`);
});

t.test('a profile gets one spare memory, and more where its metrics would fill them', async (t) => {
  const hierarchyOf = (byteLength: number) => ({ byteLength }) as Hierarchy;
  t.equal(spareMemories(hierarchyOf(1 << 20), 10_000, 4, true).length, 1, 'a small map');
  t.equal(spareMemories(hierarchyOf(ADDRESS_SPACE_BYTES / 5), 1_000_000, 4, false).length, 1,
    'three traffic metrics of a fifth of a memory each fit one spare');
  t.equal(spareMemories(hierarchyOf(ADDRESS_SPACE_BYTES / 5), 1_000_000, 4, true).length, 2,
    'seven metrics of a truck profile take two');
});
