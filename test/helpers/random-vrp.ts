/**
 * Seeded random planning problems for the search tests: jobs at random points of a 10 km square with a
 * Euclidean `settings.matrix` (10 m/s), windows on most jobs, one load metric, routes from a central depot
 * with capacities. Options add what takes the search off its O(1) segment path (soft windows, breaks).
 */
import { randomInt, seededRandom } from './random-graph.js';

const clock = (seconds: number) => {
  const whole = Math.round(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
};

export interface RandomVrpOptions {
  jobs?: number;
  routes?: number;
  /** Spread the jobs over the routes at random (for optimize, sequence and the operator tests). */
  assigned?: boolean;
  softWindows?: boolean;
  breaks?: boolean;
  capacity?: number;
  /** Every third window closes the instant it opens: lateness for the time-warp and penalty tests. */
  instantWindows?: boolean;
  /** Every window this many seconds long instead of one to four hours (the same draws otherwise). */
  windowSeconds?: number;
}

export function randomVrpBody(seed: number, options: RandomVrpOptions = {}): Record<string, any> {
  const random = seededRandom(seed);
  const jobCount = options.jobs ?? 30;
  const routeCount = options.routes ?? 5;
  const points = Array.from({ length: jobCount + 1 }, (_, index) => (index === 0 ? [5000, 5000] : [random() * 10000, random() * 10000]));
  const metres = points.map(([x1, y1]) => points.map(([x2, y2]) => Math.hypot(x1! - x2!, y1! - y2!)));
  const seconds = metres.map((row) => row.map((value) => value / 10));
  const markers = points.map((_, index) => ({ id: `M${index}`, location: `0,0.00${index}`, is_depot: index === 0 }));
  const jobs = Array.from({ length: jobCount }, (_, index) => {
    const job: Record<string, unknown> = { id: `j${index}`, location: `M${index + 1}`, time_on_site: clock(120 + random() * 600), load: 1 + randomInt(random, 5) };
    if (random() < 0.7) {
      const start = 8 * 3600 + random() * 6 * 3600;
      const drawn = 3600 + random() * 3 * 3600;
      const length = options.windowSeconds ?? drawn;
      job.time_window = { start: clock(start), end: clock(options.instantWindows && index % 3 === 0 ? start : start + length) };
    }
    return job;
  });
  const owners = jobs.map(() => randomInt(random, routeCount));
  const routes = Array.from({ length: routeCount }, (_, index) => {
    const route: Record<string, unknown> = { id: `r${index}`, location: 'M0', start_time: '08:00', load_capacity: options.capacity ?? 40 };
    if (options.assigned) route.jobs = jobs.filter((_, job) => owners[job] === index).map((job) => job.id);
    if (options.breaks) route.breaks = [{ id: `b${index}`, earliest_start: '12:00', latest_start: '13:00', length: '00:30' }];
    return route;
  });
  const settings: Record<string, unknown> = { matrix: { durations: seconds, distances: metres } };
  if (options.softWindows) settings.time_windows_as_hard_constraint = false;
  return { markers, jobs, routes, settings };
}
