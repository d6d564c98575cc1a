/** A real server on a hand-drawn map: the map written as an .osm file, loaded by the routing resource loader. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type tap from 'tap';
import { routingResourceLoader } from '../../src/routing/load/routing-resource-loader.js';
import { AsciiMap } from './ascii-map.js';
import { startTestServer, type TestServer } from './test-server.js';
import { temporaryDirectory } from './temporary-directory.js';

/** Six junctions around one block, the east side one-way southbound. */
export const squareTown = new AsciiMap(`
a---b---c
|       |
d---e---f
`)
  .way('abc', { highway: 'residential' })
  .way('cf', { highway: 'residential', oneway: 'yes' })
  .way('fed', { highway: 'residential' })
  .way('da', { highway: 'residential' });

export async function startMapServer(map: AsciiMap): Promise<TestServer> {
  const file = join(temporaryDirectory('fleetroute-map-'), 'town.osm');
  writeFileSync(file, map.toXml());
  return startTestServer({ args: ['--map', file], resourceLoaders: [routingResourceLoader] });
}

/** POSTs JSON, follows wait=1 redirects, and returns the final answer's status and body. */
export async function postFollowing(server: TestServer, path: string, body: unknown): Promise<{ status: number; body: Record<string, any> }> {
  let response = await server.request(path, { method: 'POST', json: body });
  while (response.status === 302) response = await server.request(response.headers.get('location')!);
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

/** `postFollowing` for a request that must succeed: asserts a 200 on `t` and returns the body. */
export async function postExpectingOk(t: Pick<typeof tap, 'equal'>, server: TestServer, path: string, body: unknown): Promise<Record<string, any>> {
  const answer = await postFollowing(server, path, body);
  t.equal(answer.status, 200, path);
  return answer.body;
}
