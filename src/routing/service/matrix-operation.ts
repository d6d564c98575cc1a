/**
 * `POST /v1/matrix` (docs/api.md, Matrices): durations in whole seconds and distances in metres, `null` where no path
 * exists; MessagePack instead of JSON when the client sends `Accept: application/x-msgpack`. With
 * `routing_options.route_with_traffic` every cell departs at `routing_date_time` (docs/traffic.md). The answer
 * is written straight from the computed cells into bytes (matrix-encoding.ts), in the worker.
 */
import { defineOperation } from '../../operations/define-operation.js';
import { matrixJson, matrixMsgpack, type MatrixCells } from './matrix-encoding.js';
import { readMatrixRequest } from './matrix-request.js';
import { matrixRequestSchema } from './request-schemas.js';
import { matrixResponseSchema } from './response-schemas.js';
import { hourOfWeek } from '../traffic/hour-of-week.js';
import { travelMatrix } from '../query/travel-matrix.js';

const MSGPACK = 'application/x-msgpack';
const JSON_TYPE = 'application/json; charset=utf-8';

function acceptsMsgpack(accept: string | undefined): boolean {
  return accept?.split(',').some((type) => type.trim().split(';')[0]!.toLowerCase() === MSGPACK) ?? false;
}

export const operation = defineOperation({
  name: 'matrix',
  kind: 'sync',
  requestSchema: matrixRequestSchema,
  responseSchema: matrixResponseSchema,
  read: (body, faults) => readMatrixRequest(body, faults),
  locations: (request) => [
    ...request.sources.map((point, index) => ({ property: `request.sources[${index}]`, point })),
    ...(request.destinations ?? []).map((point, index) => ({ property: `request.destinations[${index}]`, point })),
  ],
  async compute(request) {
    return travelMatrix(request.sources, {
      ...(request.destinations && { destinations: request.destinations }),
      vehicle: request.vehicle,
      hourOfWeek: hourOfWeek(request.options.start.epochSeconds, request.options.start.offsetMinutes),
      inTraffic: request.options.routeWithTraffic,
    });
  },
  present: (result): MatrixCells => result,
  encode(cells, accept) {
    const matrix = cells as MatrixCells;
    return acceptsMsgpack(accept) ? { contentType: MSGPACK, body: matrixMsgpack(matrix) } : { contentType: JSON_TYPE, body: matrixJson(matrix) };
  },
});
