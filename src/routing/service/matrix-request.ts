/**
 * `/v1/matrix` request (docs/api.md, Matrices), read like `/v1/path` after its published schema
 * (request-schemas.ts) has checked types and sizes: every fault with its path.
 */
import type { FaultList } from '../../conventions/faults.js';
import { parseLatLon, type LatLon } from '../../conventions/latlon.js';
import { asObject, Fields } from '../../problem/normalize/fields.js';
import { readRoutingOptions, readVehicle, type RoutingOptions, type VehicleRequest } from './request-fields.js';

/** Per list: the matrix and the kernels' per-call area grow with the product of both sides. */
export const MATRIX_LIMITS = { points: 2500 } as const;

export interface MatrixRequest {
  sources: LatLon[];
  destinations?: LatLon[];
  vehicle: VehicleRequest;
  options: RoutingOptions;
}

/** The request of a body (undefined when it is not an object); faults beyond the schema's go to `faults`. */
export function readMatrixRequest(body: unknown, faults: FaultList, now = Date.now() / 1000): MatrixRequest | undefined {
  const object = asObject(body);
  if (!object) return undefined;
  const request = new Fields(faults, 'request', object);
  const sources = request.list('sources', parseLatLon) ?? [];
  const destinations = request.list('destinations', parseLatLon);
  const vehicle = readVehicle(request.nested('vehicle'));
  const options = readRoutingOptions(request.nested('routing_options'), now);
  return { sources, ...(destinations && { destinations }), vehicle, options };
}
