/**
 * An independent check of a plan for a benchmark instance, written from the instance file's rules alone (no
 * solver code): every customer served exactly once, vehicle capacity, the fleet size, service starting
 * within each window (waiting when early) and the return to the depot by its closing time. Recomputes the
 * distance in the file's convention.
 */
import type { BenchmarkCustomer, BenchmarkInstance } from './benchmark-instance.js';

export interface InstanceCheck {
  feasible: boolean;
  distance: number;
  faults: string[];
}

function legLength(from: BenchmarkCustomer, to: BenchmarkCustomer, instance: BenchmarkInstance): number {
  const length = Math.hypot(from.x - to.x, from.y - to.y);
  return instance.distance === 'rounded-euclidean' ? Math.round(length) : length;
}

/** Tolerance for floating-point sums of unrounded legs. */
const EPSILON = 1e-6;

/** `routes`: the customer numbers of each route, in order, depot excluded. */
export function checkInstancePlan(instance: BenchmarkInstance, routes: readonly (readonly string[])[]): InstanceCheck {
  const faults: string[] = [];
  const byNumber = new Map(instance.customers.map((customer) => [String(customer.number), customer]));
  const served = new Set<string>();
  let distance = 0;
  const used = routes.filter((route) => route.length > 0);
  if (used.length > instance.vehicles) faults.push(`${used.length} vehicles used, ${instance.vehicles} available`);
  used.forEach((route, index) => {
    let here = instance.depot;
    let time = instance.depot.ready ?? 0;
    let load = 0;
    for (const number of route) {
      const customer = byNumber.get(number);
      if (!customer) { faults.push(`route ${index}: unknown customer ${number}`); continue; }
      if (served.has(number)) faults.push(`customer ${number} served twice`);
      served.add(number);
      const leg = legLength(here, customer, instance);
      distance += leg;
      time = Math.max(time + leg, customer.ready ?? -Infinity);
      if (customer.due !== undefined && time > customer.due + EPSILON) faults.push(`customer ${number} served at ${time}, after ${customer.due}`);
      time += customer.service;
      load += customer.demand;
      here = customer;
    }
    const back = legLength(here, instance.depot, instance);
    distance += back;
    time += back;
    if (instance.depot.due !== undefined && time > instance.depot.due + EPSILON) faults.push(`route ${index} returns at ${time}, after ${instance.depot.due}`);
    if (load > instance.capacity) faults.push(`route ${index} carries ${load} over capacity ${instance.capacity}`);
  });
  for (const number of byNumber.keys()) if (!served.has(number)) faults.push(`customer ${number} not served`);
  return { feasible: faults.length === 0, distance, faults };
}
