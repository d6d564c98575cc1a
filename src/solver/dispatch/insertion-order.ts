/**
 * The order insert places its jobs in: the highest priority first (docs/api.md, Problem fields: kept first when not all
 * fit), and among those the job whose cheapest insertion adds least, so that a job is not pushed out of its
 * best place by one that had alternatives. Each job's cheapest insertion per route is kept and only the
 * route that changed is priced again after each insertion.
 */
import type { Job } from '../../problem/model.js';
import { cheapest, insertionsOn, type Insertion } from './cheapest-insertion.js';
import type { DispatchPlan } from './dispatch-plan.js';

export interface InsertionOptions {
  allowHard: boolean;
  signal: AbortSignal;
  reportProgress(fraction: number): void;
}

/** Inserts the jobs into the plan; answers those that fit nowhere, in the order given. */
export function insertCheapestFirst(plan: DispatchPlan, jobs: readonly Job[], options: InsertionOptions): Job[] {
  const routes = plan.problem.routes;
  const cheapestOn = (job: Job, routeIndex: number) => cheapest(insertionsOn(plan, job, routes[routeIndex]!, options.allowHard));
  const best = new Map<Job, (Insertion | undefined)[]>(jobs.map((job) => [job, routes.map((route) => cheapestOn(job, route.index))]));
  const pending = new Set(jobs);
  const unrouted = new Set<Job>();
  while (pending.size > 0) {
    options.signal.throwIfAborted();
    const priority = Math.max(...[...pending].map((job) => job.priority));
    const candidates = [...pending].filter((job) => job.priority === priority);
    let chosen: { job: Job; insertion: Insertion } | undefined;
    for (const job of candidates) {
      const insertion = cheapest(best.get(job)!);
      if (insertion && (!chosen || insertion.delta < chosen.insertion.delta)) chosen = { job, insertion };
    }
    if (!chosen) {
      for (const job of candidates) {
        pending.delete(job);
        unrouted.add(job);
      }
      continue;
    }
    const { job, insertion } = chosen;
    plan.insert(insertion.visits, insertion.route, insertion.position, insertion.price);
    pending.delete(job);
    for (const other of pending) best.get(other)![insertion.route.index] = cheapestOn(other, insertion.route.index);
    options.reportProgress(1 - pending.size / jobs.length);
  }
  return jobs.filter((job) => unrouted.has(job));
}
