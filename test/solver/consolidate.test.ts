// POST /v1/consolidate_by_route_assignments through HTTP on a real extract (Monaco).
import t from 'tap';
import type { RoadGraph } from '../../src/map/graph/road-graph.js';
import { routingResourceLoader } from '../../src/routing/load/routing-resource-loader.js';
import { useRoutingMap } from '../helpers/routing-map.js';
import { sharedData, testCacheDir } from '../helpers/shared-data.js';
import { startTestServer } from '../helpers/test-server.js';
import type { Json } from '../helpers/plane-problem.js';

const monaco = sharedData('osm/monaco.osm.pbf');

/** Points along edge `edge`'s geometry at the given metres from its start, as "lat,lon". */
function pointsAlong(graph: RoadGraph, edge: number, metres: number[]): string[] {
  const from = graph.geomStart[edge]!;
  const to = graph.geomStart[edge + 1]!;
  const vertex = (index: number) => [graph.geomLat[index]! / 1e7, graph.geomLon[index]! / 1e7] as const;
  const points: string[] = [];
  let walked = 0;
  for (let index = from; index + 1 < to; index++) {
    const [aLat, aLon] = vertex(index);
    const [bLat, bLon] = vertex(index + 1);
    const length = Math.hypot((bLat - aLat) * 111320, (bLon - aLon) * 111320 * Math.cos((aLat * Math.PI) / 180));
    for (const target of metres) {
      if (target < walked || target >= walked + length) continue;
      const share = (target - walked) / length;
      points.push(`${(aLat + (bLat - aLat) * share).toFixed(6)},${(aLon + (bLon - aLon) * share).toFixed(6)}`);
    }
    walked += length;
  }
  return points;
}

/** The longest named edge, and an edge of another name. */
function namedEdges(graph: RoadGraph): { edge: number; other: number } {
  const lengthOf = (edge: number) => {
    const arc = graph.edgeForwardArc[edge]! >= 0 ? graph.edgeForwardArc[edge]! : graph.edgeBackwardArc[edge]!;
    return arc >= 0 ? graph.distance[arc]! / 100 : 0;
  };
  let edge = -1;
  for (let candidate = 0; candidate < graph.edgeCount; candidate++) {
    if (graph.edgeNameId[candidate] === 0) continue;
    if (edge < 0 || lengthOf(candidate) > lengthOf(edge)) edge = candidate;
  }
  let other = 0;
  while (graph.edgeNameId[other] === 0 || graph.edgeNameId[other] === graph.edgeNameId[edge]) other++;
  return { edge, other };
}

t.test('jobs in a row along one street of Monaco become one linked job; others stay as they were', { skip: monaco.skip }, async (t) => {
  const map = await useRoutingMap(monaco.path, testCacheDir());
  const graph = map.router('auto').graph;
  const { edge, other } = namedEdges(graph);
  const street = pointsAlong(graph, edge, [40, 100, 160, 220]);
  t.equal(street.length, 4, `edge of ${graph.names[graph.edgeNameId[edge]!]} is long enough`);
  const [elsewhere] = pointsAlong(graph, other, [1]);
  const jobs: Json[] = [
    ...street.map((location, index) => ({ id: `s${index}`, location, time_on_site: '00:04', time_window: { start: `0${8 + index}:00`, end: '14:00' } })),
    { id: 'far', location: elsewhere, time_on_site: '00:04' },
  ];
  const server = await startTestServer({ args: ['--map', monaco.path, '--data-dir', testCacheDir()], resourceLoaders: [routingResourceLoader] });
  t.teardown(() => server.close());
  const post = async (body: Json) => {
    const response = await server.request('/v1/consolidate_by_route_assignments?wait=1', { method: 'POST', json: body });
    t.equal(response.status, 200);
    return (await response.json()) as Json;
  };
  const routes = [{ id: 'r', location: street[0] }];
  const { consolidated_jobs: consolidated } = await post({ jobs, routes });
  t.same(consolidated, [
    {
      id: 'consolidated_s0',
      location: street[0],
      exit_location: street[3],
      time_on_site: '00:16:00',
      time_window: { start: '11:00:00', end: '14:00:00' },
      custom: { inner_jobs: ['s0', 's1', 's2', 's3'] },
    },
    jobs[4],
  ]);

  const picky = jobs.map((job, index) => (index === 2 ? { ...job, required_route_attributes: ['lift'] } : job));
  const split = await post({ jobs: picky, routes: [...routes, { id: 'lift', location: street[0], route_attributes: ['lift'] }] });
  t.same(split.consolidated_jobs.map((job: Json) => job.id), ['consolidated_s0', 's2', 's3', 'far'],
    'a job other routes cannot take ends the row; a single job left after it stays as it was');

  const tight = await post({ jobs, routes, max_gap_meters: 30 });
  t.same(tight.consolidated_jobs, jobs, 'neighbours farther apart than the limit are not joined');
  const noRoutes = await post({ jobs });
  t.same(noRoutes.consolidated_jobs, jobs, 'without routes nothing is consolidated');
  const returned = await post({ jobs, routes, return_request: true });
  t.same(returned.jobs.map((job: Json) => job.id), ['consolidated_s0', 'far']);
  t.same(returned.routes, routes);
});
