/**
 * `POST /v1/matrix` (docs/api.md, Matrices): durations in seconds and distances in metres, `null` where no path
 * exists; MessagePack instead of JSON when the client sends `Accept: application/x-msgpack`. With
 * `routing_options.route_with_traffic` every cell departs at `routing_date_time` (docs/traffic.md).
 */
import { pack } from 'msgpackr';
import type { Operation } from '../operations/operation.js';
import { parseMatrixRequest, type MatrixRequest } from './matrix-request.js';
import { matrixRequestSchema } from './request-schemas.js';
import { hourOfWeek } from './traffic/hour-of-week.js';
import { travelMatrix, UNREACHABLE } from './travel-matrix.js';
import { matrixResponseSchema } from './response-schemas.js';

export interface MatrixResponse {
  durations: (number | null)[][];
  distances: (number | null)[][];
}

const MSGPACK = 'application/x-msgpack';

function rows(values: Float64Array, rowCount: number, columnCount: number): (number | null)[][] {
  return Array.from({ length: rowCount }, (_, row) =>
    Array.from(values.subarray(row * columnCount, (row + 1) * columnCount), (value) => (value === UNREACHABLE ? null : value)));
}

export const operation: Operation<MatrixRequest, MatrixResponse> = {
  name: 'matrix',
  kind: 'sync',
  requestSchema: matrixRequestSchema,
  responseSchema: matrixResponseSchema,
  validate: (body) => parseMatrixRequest(body),
  async run(request) {
    const result = await travelMatrix(request.sources, {
      ...(request.destinations && { destinations: request.destinations }),
      vehicle: request.vehicle,
      ...(request.options.routeWithTraffic && { trafficHour: hourOfWeek(request.options.start.epochSeconds, request.options.start.offsetMinutes) }),
    });
    return {
      durations: rows(result.durations, result.sourceCount, result.destinationCount),
      distances: rows(result.distances, result.sourceCount, result.destinationCount),
    };
  },
  encode(result, accept) {
    if (!accept?.split(',').some((type) => type.trim().split(';')[0]!.toLowerCase() === MSGPACK)) return undefined;
    return { contentType: MSGPACK, body: pack(result) };
  },
};
