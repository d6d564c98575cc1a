// Replacing the served map without a restart: later requests see the new roads, work started on the old map
// finishes on it, and the old map's threads and memory are released (the last test, in a process of its own).
import { spawn } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import t from 'tap';
import { AsciiMap } from '../helpers/ascii-map.js';
import { startMapServer, squareTown } from '../helpers/map-server.js';
import { at } from '../helpers/routing-map.js';
import { sharedData } from '../helpers/shared-data.js';
import type { TestServer } from '../helpers/test-server.js';

/** The square town with its east side now open both ways and a street added to the south. */
const rebuiltTown = new AsciiMap(`
a---b---c
|       |
d---e---f
|       |
g-------h
`)
  .way('abc', { highway: 'residential' })
  .way('cf', { highway: 'residential' })
  .way('fed', { highway: 'residential' })
  .way('da', { highway: 'residential' })
  .way('dg', { highway: 'residential' })
  .way('gh', { highway: 'residential', name: 'New Street' })
  .way('hf', { highway: 'residential' });

function mapFileOf(server: TestServer): string {
  return server.config.maps[0]!;
}

async function metersFromFToC(server: TestServer): Promise<number> {
  const response = await server.request('/v1/path', { method: 'POST', json: { routes: [{ id: 'r', stops: [{ location: at(squareTown, 'f') }, { location: at(squareTown, 'c') }] }] } });
  t.equal(response.status, 200);
  return ((await response.json()) as { routes: Array<{ distance_meters: number }> }).routes[0]!.distance_meters;
}

t.test('after a reload the service routes on the map file as it is now, and reports its new identity', async (t) => {
  const server = await startMapServer(squareTown);
  t.teardown(() => server.close());
  const arcsServed = async (): Promise<number> => ((await (await server.request('/v1/version')).json()) as { map: { arcs: number } }).map.arcs;
  const before = { hash: server.server.state.mapHash, meters: await metersFromFToC(server), arcs: await arcsServed() };
  t.ok(before.meters > 900, `f→c goes round the one-way (${before.meters} m)`);

  writeFileSync(mapFileOf(server), rebuiltTown.toXml());
  await server.server.reloadMap();

  t.not(server.server.state.mapHash, before.hash, 'the map hash changed');
  const arcs = await arcsServed();
  t.ok(arcs > before.arcs, `the new map's arcs are reported (${before.arcs} before, ${arcs} now)`);
  const after = await metersFromFToC(server);
  t.ok(Math.abs(after - 200) < 5, `f→c now drives the reopened street directly (${after} m)`);
});

t.test('a task running when the map is replaced completes, and the next one runs on the new map', async (t) => {
  const server = await startMapServer(squareTown);
  t.teardown(() => server.close());
  const submitted = await server.request('/v1/test_sleep', { method: 'POST', json: { ms: 600, value: 'old map' } });
  t.equal(submitted.status, 200);
  const { task_id: taskId } = (await submitted.json()) as { task_id: string };
  writeFileSync(mapFileOf(server), rebuiltTown.toXml());
  await server.server.reloadMap();
  const result = await server.request(`/v1/tasks/${taskId}/result?wait=1`);
  t.equal(result.status, 200, 'the task admitted on the old map finished');
  t.same(await result.json(), { value: 'old map' });
  t.ok(Math.abs((await metersFromFToC(server)) - 200) < 5, 'later requests use the new map');
});

t.test('reloads asked for at once are joined into one, and a map file that cannot be read leaves the old map serving', async (t) => {
  const server = await startMapServer(squareTown);
  t.teardown(() => server.close());
  const hash = server.server.state.mapHash;
  const reloads = [server.server.reloadMap(), server.server.reloadMap()];
  t.equal(reloads[0], reloads[1], 'the second request joins the reload under way');
  await Promise.all(reloads);
  t.equal(server.server.state.mapHash, hash, 'the same file gives the same map');
  rmSync(mapFileOf(server));
  await t.rejects(server.server.reloadMap());
  t.equal(server.server.state.mapHash, hash, 'the old map still serves');
  t.ok((await metersFromFToC(server)) > 900);
});

const liechtenstein = sharedData('osm/liechtenstein.osm.pbf');

t.test('each replaced map is released: ten more reloads leave memory where it was', { skip: liechtenstein.skip }, async (t) => {
  const child = spawn(process.execPath, ['--expose-gc', new URL('../fixtures/map-reload-memory.js', import.meta.url).pathname, liechtenstein.path], { stdio: ['ignore', 'pipe', 'inherit'] });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  t.equal(code, 0, output);
  type Memory = { rss: number; arrayBuffers: number; threads?: number };
  const { baseline, afterReloads, mapBytes } = JSON.parse(output.trim().split('\n').at(-1)!) as { baseline: Memory; afterReloads: Memory; mapBytes: number };
  const grew = { rss: afterReloads.rss - baseline.rss, arrayBuffers: afterReloads.arrayBuffers - baseline.arrayBuffers };
  // The resident set is reported, not asserted: on a loaded machine it moves by ±45 MB from thread heaps and the allocator.
  t.comment(`one map: ${(mapBytes / 1e6).toFixed(1)} MB of routing data; after 10 more reloads: RSS ${(grew.rss / 1e6).toFixed(1)} MB, array buffers ${(grew.arrayBuffers / 1e6).toFixed(1)} MB more`);
  t.ok(grew.arrayBuffers < mapBytes, 'no old map\'s buffers are left');
  if (baseline.threads !== undefined) t.ok(afterReloads.threads! <= baseline.threads + 2, `no old pool's threads are left (${baseline.threads} before, ${afterReloads.threads} after)`);
});
