/**
 * `POST /v1/path` (docs/api.md, Path): synchronous; validated and routed in a fast-lane worker. Each route is
 * answered on the map its stops lie in, so one request may ask for routes on several maps.
 */
import { defineOperation } from '../../operations/define-operation.js';
import { servedMaps } from '../load/attach-routing-map.js';
import { readPathRequest } from './path-request.js';
import { routePath, type PathResponseRoute } from './path-route.js';
import { pathRequestSchema } from './request-schemas.js';
import { pathResponseSchema } from './response-schemas.js';

export interface PathResponse {
  routes: PathResponseRoute[];
}

export const operation = defineOperation({
  name: 'path',
  kind: 'sync',
  requestSchema: pathRequestSchema,
  responseSchema: pathResponseSchema,
  read: (body, faults) => readPathRequest(body, faults),
  async compute(request) {
    const maps = servedMaps();
    const routes: PathResponseRoute[] = [];
    for (const route of request.routes) routes.push(await routePath(maps, route, request.encoding));
    return routes;
  },
  present: (routes): PathResponse => ({ routes }),
});
