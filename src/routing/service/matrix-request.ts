/** `/v1/matrix` request (docs/api.md, Matrices), parsed like `/v1/path`: every fault with its path. */
import { FaultList } from '../../conventions/faults.js';
import { parseLatLon, type LatLon } from '../../conventions/latlon.js';
import { validationFailed } from '../../errors.js';
import { asObject, Fields } from '../../problem/normalize/fields.js';
import { readRoutingOptions, readVehicle, requiredList, type RoutingOptions, type VehicleRequest } from './request-fields.js';

/** Per list: the matrix and the kernels' per-call area grow with the product of both sides. */
export const MATRIX_LIMITS = { points: 2500 } as const;

export interface MatrixRequest {
  sources: LatLon[];
  destinations?: LatLon[];
  vehicle: VehicleRequest;
  options: RoutingOptions;
}

export function parseMatrixRequest(body: unknown, now = Date.now() / 1000): MatrixRequest {
  const faults = new FaultList();
  const object = asObject(body);
  if (!object) throw validationFailed([{ property: 'request', code: 'invalid_type_error', message: 'The body must be a JSON object' }]);
  const request = new Fields(faults, 'request', object);
  const sources = requiredList(request, 'sources', MATRIX_LIMITS.points) ? request.list('sources', parseLatLon) : [];
  const destinations = request.has('destinations') && requiredList(request, 'destinations', MATRIX_LIMITS.points)
    ? request.list('destinations', parseLatLon) : undefined;
  const vehicle = readVehicle(request.nested('vehicle'));
  const options = readRoutingOptions(request.nested('routing_options'), now);
  if (!faults.empty) throw validationFailed(faults.errors);
  return { sources: sources ?? [], ...(destinations && { destinations }), vehicle, options };
}
