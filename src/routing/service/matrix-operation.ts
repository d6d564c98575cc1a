/**
 * `POST /v1/matrix` (docs/api.md, Matrices): durations in whole seconds and distances in metres, `null` where no path
 * exists; MessagePack instead of JSON when the client sends `Accept: application/x-msgpack`, with each row a typed
 * array (NaN where no path exists) when it adds `; arrays=typed`. With
 * `routing_options.route_with_traffic` every cell departs at `routing_date_time` (docs/traffic.md). The answer
 * is written straight from the computed cells into bytes (matrix-encoding.ts), in the worker.
 */
import { defineOperation } from '../../operations/define-operation.js';
import { matrixJson, matrixMsgpack, type MatrixCells, type MsgpackRows } from './matrix-encoding.js';
import { readMatrixRequest } from './matrix-request.js';
import { matrixRequestSchema } from './request-schemas.js';
import { matrixResponseSchema } from './response-schemas.js';
import { hourOfWeek } from '../traffic/hour-of-week.js';
import { travelMatrix } from '../query/travel-matrix.js';

const MSGPACK = 'application/x-msgpack';
const TYPED_ROWS_PARAMETER = 'arrays=typed';
const MSGPACK_TYPED_ROWS = `${MSGPACK}; ${TYPED_ROWS_PARAMETER}`;
const JSON_TYPE = 'application/json; charset=utf-8';

/** The `Accept` header of each encoding a client may ask for (none: JSON). */
export const MATRIX_ACCEPTS = { json: undefined, msgpack: MSGPACK, msgpackTypedRows: MSGPACK_TYPED_ROWS } as const;

/** The MessagePack rows an `Accept` header asks for (`application/x-msgpack`, `; arrays=typed` for typed rows), if any. */
function msgpackRowsAccepted(accept: string | undefined): MsgpackRows | undefined {
  for (const range of accept?.split(',') ?? []) {
    const [type, ...parameters] = range.split(';').map((part) => part.replace(/\s/g, '').toLowerCase());
    if (type === MSGPACK) return parameters.includes(TYPED_ROWS_PARAMETER) ? 'typed' : 'arrays';
  }
  return undefined;
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
    const rows = msgpackRowsAccepted(accept);
    if (rows === undefined) return { contentType: JSON_TYPE, body: matrixJson(matrix) };
    return { contentType: rows === 'typed' ? MSGPACK_TYPED_ROWS : MSGPACK, body: matrixMsgpack(matrix, rows) };
  },
});
