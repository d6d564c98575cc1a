/**
 * The centroids request: a problem's fields without `vehicles` (docs/dispatching.md), yet clients send it the
 * routes they send to build, which name their vehicles. A vehicle a route names and `vehicles` does not declare
 * is taken as a vehicle with no properties of its own; a vehicle does not change which driver may take a job.
 */
import type { FaultList } from '../../conventions/faults.js';
import type { Problem } from '../../problem/model.js';
import { normalizeProblem } from '../../problem/parse-problem.js';

function idOf(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
}

function idsOf(list: unknown, field: string): string[] {
  if (!Array.isArray(list)) return [];
  return list.flatMap((item: unknown) => {
    const id = typeof item === 'object' && item !== null ? idOf((item as Record<string, unknown>)[field]) : undefined;
    return id === undefined ? [] : [id];
  });
}

/** `body` with the vehicles its routes name declared; anything malformed is left for the schema to report. */
function withNamedVehiclesDeclared(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const request = body as Record<string, unknown>;
  const vehicles = request.vehicles ?? [];
  if (!Array.isArray(vehicles)) return body;
  const declared = new Set(idsOf(vehicles, 'id'));
  const undeclared = [...new Set(idsOf(request.routes, 'vehicle'))].filter((id) => !declared.has(id));
  return undeclared.length === 0 ? body : { ...request, vehicles: [...vehicles, ...undeclared.map((id) => ({ id }))] };
}

export function readCentroidsRequest(body: unknown, faults: FaultList): Problem | undefined {
  return normalizeProblem(withNamedVehiclesDeclared(body), faults);
}
