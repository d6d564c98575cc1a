/**
 * Which routes and which vehicles a job can go on, as one comparable key: consolidation only joins jobs with
 * exactly the same sets (docs/api.md, Dispatching). Routes by the planning model's eligibility rules (attributes,
 * drivers, dates); vehicles by the job's required vehicle attributes.
 */
import { eligibilityBits } from '../../problem/flatten/eligibility.js';
import type { Job, Problem, Vehicle } from '../../problem/model.js';

function vehiclesOf(problem: Problem): Vehicle[] {
  const vehicles = new Set<Vehicle>(problem.vehicles);
  for (const route of problem.routes) if (route.vehicle) vehicles.add(route.vehicle);
  return [...vehicles];
}

export function assignmentSignatures(problem: Problem, jobs: readonly Job[]): string[] {
  const vehicles = vehiclesOf(problem);
  return jobs.map((job) => {
    const routes = problem.routes.map((route) => (eligibilityBits(job, route) === 0 ? '1' : '0')).join('');
    const fleet = vehicles.map((vehicle) => (job.requiredVehicleAttributes.every((attribute) => vehicle.attributes.includes(attribute)) ? '1' : '0')).join('');
    return `${routes}|${fleet}`;
  });
}
