/**
 * A benchmark instance as a problem request: markers for the depot and each customer (places in that order),
 * one route per vehicle from and back to the depot, and `settings.matrix` in the file's own metric, so the
 * instance runs through the real solver path. Travel times equal distances; costs are the distance alone
 * (`cost_per_km` 1000 over the matrix's "metres"), plus a fixed cost per used vehicle when vehicles count first.
 */
import { formatTimespan } from '../../conventions/timespan.js';
import type { BenchmarkCustomer, BenchmarkInstance } from './benchmark-instance.js';

export type BenchmarkObjective = 'distance' | 'vehicles-distance';

/** Far above any distance a vehicle could save, far below the penalty of an unrouted job (100,000). */
const VEHICLE_COST = 10000;

function leg(from: BenchmarkCustomer, to: BenchmarkCustomer, rounding: BenchmarkInstance['distance']): number {
  const length = Math.hypot(from.x - to.x, from.y - to.y);
  return rounding === 'rounded-euclidean' ? Math.round(length) : length;
}

/** A coordinate pair placed where latlon is valid: the matrix, not these points, gives every travel cost. */
function pseudoLatLon(point: BenchmarkCustomer): string {
  return `${(point.y / 1000).toFixed(6)},${(point.x / 1000).toFixed(6)}`;
}

function markerIdOf(customer: BenchmarkCustomer): string {
  return `n${customer.number}`;
}

export function instanceProblem(instance: BenchmarkInstance, objective: BenchmarkObjective, timeLimitSeconds?: number): Record<string, unknown> {
  const points = [instance.depot, ...instance.customers];
  const matrix = points.map((from) => points.map((to) => leg(from, to, instance.distance)));
  const depotId = markerIdOf(instance.depot);
  const jobs = instance.customers.map((customer) => {
    const job: Record<string, unknown> = { id: String(customer.number), location: markerIdOf(customer), load: customer.demand };
    if (customer.service > 0) job.time_on_site = formatTimespan(customer.service);
    if (customer.ready !== undefined && customer.due !== undefined) {
      job.time_window = { start: formatTimespan(customer.ready), end: formatTimespan(customer.due) };
    }
    return job;
  });
  const routes = Array.from({ length: instance.vehicles }, (_, index) => {
    const route: Record<string, unknown> = {
      id: `v${index + 1}`, location: depotId, start_time: formatTimespan(instance.depot.ready ?? 0),
      load_capacity: instance.capacity, cost_per_hour: 0, cost_per_km: 1000,
      fixed_cost: objective === 'vehicles-distance' ? VEHICLE_COST : 0,
    };
    if (instance.depot.due !== undefined) route.end_time = formatTimespan(instance.depot.due);
    return route;
  });
  const settings: Record<string, unknown> = { matrix: { durations: matrix, distances: matrix } };
  if (timeLimitSeconds !== undefined) settings.time_limit_seconds = timeLimitSeconds;
  return {
    id: instance.name,
    // The depot is only where routes start and end: no marker is_depot, so no route reloads mid-way (classic
    // VRPTW and CVRP allow one trip per vehicle).
    markers: points.map((point) => ({ id: markerIdOf(point), location: pseudoLatLon(point) })),
    jobs,
    routes,
    settings,
  };
}
