/**
 * Which drivers may take each job (docs/api.md, Dispatching): the job's required and forbidden drivers, and — for a
 * driver who has routes — the planning model's eligibility on at least one of them (route attributes, dates).
 * A driver without routes is judged by the driver rules alone.
 */
import { eligibilityBits } from '../../problem/flatten/eligibility.js';
import type { Driver, Job, Problem } from '../../problem/model.js';

/** For each job, the indices (in problem.drivers) of the drivers who may take it. */
export function assignableDrivers(problem: Problem): number[][] {
  const routesOf = problem.drivers.map((driver) => problem.routes.filter((route) => route.driver?.id === driver.id));
  const mayTake = (job: Job, driver: Driver, index: number): boolean => {
    if (job.requiredDriver !== undefined && job.requiredDriver !== driver.id) return false;
    if (job.forbiddenDrivers.includes(driver.id)) return false;
    const routes = routesOf[index]!;
    return routes.length === 0 || routes.some((route) => eligibilityBits(job, route) === 0);
  };
  return problem.jobs.map((job) => problem.drivers.flatMap((driver, index) => (mayTake(job, driver, index) ? [index] : [])));
}
