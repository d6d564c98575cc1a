/** `POST /v1/path` (docs/api.md, Path): synchronous; validated and routed in a fast-lane worker. */
import { defineOperation } from '../../operations/define-operation.js';
import { routingMap } from '../load/attach-routing-map.js';
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
    const map = routingMap();
    const routes: PathResponseRoute[] = [];
    for (const route of request.routes) routes.push(await routePath(map, route, request.encoding));
    return routes;
  },
  present: (routes): PathResponse => ({ routes }),
});
