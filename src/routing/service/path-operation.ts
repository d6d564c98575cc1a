/** `POST /v1/path` (docs/api.md, Path): synchronous; validated and routed in a fast-lane worker. */
import type { Operation } from '../../operations/operation.js';
import { routingMap } from '../load/attach-routing-map.js';
import { parsePathRequest, type PathRequest } from './path-request.js';
import { routePath, type PathResponseRoute } from './path-route.js';
import { pathRequestSchema } from './request-schemas.js';
import { pathResponseSchema } from './response-schemas.js';

export interface PathResponse {
  routes: PathResponseRoute[];
}

export const operation: Operation<PathRequest, PathResponse> = {
  name: 'path',
  kind: 'sync',
  requestSchema: pathRequestSchema,
  responseSchema: pathResponseSchema,
  validate: (body) => parsePathRequest(body),
  async run(request) {
    const map = routingMap();
    const routes: PathResponseRoute[] = [];
    for (const route of request.routes) routes.push(await routePath(map, route, request.encoding));
    return { routes };
  },
};
