// Insert and recommend on a real extract (Monaco): travel from the road network, answers equal evaluate's.
import t from 'tap';
import { routingResourceLoader } from '../../src/routing/load/routing-resource-loader.js';
import { seededRandom, type Json } from '../helpers/plane-problem.js';
import { sharedData, testCacheDir } from '../helpers/shared-data.js';
import { startTestServer } from '../helpers/test-server.js';

const monaco = sharedData('osm/monaco.osm.pbf');

t.test('on Monaco, insert and every recommend option are what evaluate answers for the same routes', { skip: monaco.skip }, async (t) => {
  const server = await startTestServer({ args: ['--map', monaco.path, '--data-dir', testCacheDir()], resourceLoaders: [routingResourceLoader] });
  t.teardown(() => server.close());
  const post = async (path: string, body: unknown) => {
    const response = await server.request(path, { method: 'POST', json: body });
    t.equal(response.status, 200, path);
    return (await response.json()) as Json;
  };
  const random = seededRandom(9);
  const point = () => `${(43.728 + random() * 0.02).toFixed(6)},${(7.412 + random() * 0.02).toFixed(6)}`;
  const jobs = Array.from({ length: 8 }, (_, index) => ({ id: `j${index}`, location: point(), time_on_site: '00:05' }));
  const routes = [{ id: 'a', location: point(), jobs: ['j0', 'j1', 'j2'] }, { id: 'b', location: point(), jobs: ['j3', 'j4', 'j5'] }];
  const body = { jobs: jobs.slice(0, 6), routes };
  const jobIds = (route: Json) => (route.stops as Json[]).filter((stop) => stop.type === 'job').map((stop) => stop.id);

  const inserted = await post('/v1/insert?wait=1', { ...body, jobs_to_insert: jobs.slice(6) });
  const evaluated = await post('/v1/evaluate?wait=1', { jobs, routes: routes.map((route, index) => ({ ...route, jobs: jobIds(inserted.routes[index]) })) });
  t.same(inserted.routes, evaluated.routes);

  const { recommend_options: options } = await post('/v1/recommend?wait=1', { ...body, job: jobs[6], max_results: -1 });
  t.equal(options.length, 8);
  const before = (await post('/v1/evaluate?wait=1', body)).routes as Json[];
  for (const option of options as Json[]) {
    const order = jobIds(option.route);
    const after = await post('/v1/evaluate?wait=1', {
      jobs: jobs.slice(0, 7),
      routes: routes.map((route, index) => (index === option.route_index ? { ...route, jobs: order } : route)),
    });
    t.same(option.route, after.routes[option.route_index]);
    t.equal(option.delta_internal_cost, Math.round((after.routes[option.route_index].internal_cost - before[option.route_index]!.internal_cost) * 100) / 100);
  }
});
