// The fewest routes that can carry every job's load. Without reloads a route's vehicle holds all its jobs'
// deliveries when it leaves and all their pickups when it ends, so per load metric the k routes of largest
// capacity must hold the total of each. A plan at this bound cannot lose a route, and the search stops trying
// (ejection-pool.ts, annealing.ts): on Solomon's R2 class, where vehicles carry 30 to 50 jobs, a fleet already at
// its bound spent most of its time in ejection-pool phases that could only fail.
import { jobLoad, loadMetrics, routeParameter } from '../problem';
import { RP_CAPACITY } from '../layout';
import { allocF64, getf, setf } from './memory';
import { depotPlaceCount, jobs, routes } from './search-problem';
import { usedRouteCount } from './state';

/** 0 where no bound holds (reloads at depots refill a vehicle on the way). */
export let fleetLowerBound: i32 = 0;

export function bindFleetBound(): void {
  fleetLowerBound = 0;
  if (depotPlaceCount > 0 || routes == 0) return;
  const capacities = allocF64(routes);
  for (let metric = 0; metric < loadMetrics; metric++) {
    let deliveries: f64 = 0, pickups: f64 = 0;
    for (let job = 0; job < jobs; job++) {
      const amount = jobLoad(job, metric);
      if (amount > 0) deliveries += amount;
      else pickups -= amount;
    }
    for (let route = 0; route < routes; route++) setf(capacities, route, routeParameter(route, RP_CAPACITY + metric));
    sortDescending(capacities, routes);
    fleetLowerBound = max(fleetLowerBound, routesHolding(capacities, Math.max(deliveries, pickups)));
  }
}

/** How many of the largest capacities (sorted, largest first) it takes to hold `total`. */
function routesHolding(capacities: usize, total: f64): i32 {
  let held: f64 = 0;
  let count = 0;
  while (held < total && count < routes) held += getf(capacities, count++);
  return count;
}

function sortDescending(values: usize, count: i32): void {
  for (let i = 1; i < count; i++) {
    const value = getf(values, i);
    let at = i;
    for (; at > 0 && getf(values, at - 1) < value; at--) setf(values, at, getf(values, at - 1));
    setf(values, at, value);
  }
}

/** True when the plan uses no more routes than the bound: no route elimination can succeed. */
export function atFleetLowerBound(): bool {
  return fleetLowerBound > 0 && usedRouteCount() <= fleetLowerBound;
}
