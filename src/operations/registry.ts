/**
 * Every operation the service offers, by endpoint name. Loaded lazily so that a worker or the HTTP thread only
 * pays for the modules it uses. Add one line per operation module.
 */
import type { Operation } from './operation.js';

type OperationModule = { operation: Operation };

export const operationModules: Record<string, () => Promise<OperationModule>> = {
  evaluate: () => import('../solver/evaluate.js'),
  validate: () => import('../solver/validate.js'),
  build: () => import('../solver/build.js'),
  optimize: () => import('../solver/optimize.js'),
  sequence: () => import('../solver/sequence.js'),
  insert: () => import('../solver/insert.js'),
  recommend: () => import('../solver/recommend.js'),
  centroids: () => import('../solver/centroids.js'),
  consolidate_by_route_assignments: () => import('../solver/consolidate-by-route-assignments.js'),
  path: () => import('../routing/service/path-operation.js'),
  matrix: () => import('../routing/service/matrix-operation.js'),
  geocode: () => import('../geocode/service/geocode-operation.js'),
  reverse_geocode: () => import('../geocode/service/reverse-geocode-operation.js'),
};

const loaded = new Map<string, Operation>();

/** Registers an operation defined outside the registry (tests use this for test-only operations). */
export function registerOperation(operation: Operation): void {
  loaded.set(operation.name, operation);
}

/** Every operation name: the registry's modules and those registered at run time. */
export function operationNames(): string[] {
  return [...new Set([...Object.keys(operationModules), ...loaded.keys()])];
}

export async function loadOperation(name: string): Promise<Operation | undefined> {
  const known = loaded.get(name);
  if (known) return known;
  const load = operationModules[name];
  if (!load) return undefined;
  const { operation } = await load();
  loaded.set(name, operation);
  return operation;
}
