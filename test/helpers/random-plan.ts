/**
 * Seeded random plans for differential tests of the route timing kernel: places with a random asymmetric
 * matrix (a few unreachable pairs), jobs with one window or none, two load metrics, linked jobs, attributes,
 * routes with or without depots, mid-route reloads and every route limit. Plain plans have no breaks, second
 * windows or depot-attribute needs, which the segment summaries do not model (assembly/vrp/segment.ts);
 * `rich` plans add them, legal breaks and critical violations, for the kernel-against-reference test.
 */
import { randomInt, seededRandom } from './random-graph.js';

const clock = (seconds: number) => {
  const whole = Math.round(seconds);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(whole / 3600))}:${pad(Math.floor((whole % 3600) / 60))}:${pad(whole % 60)}`;
};

export function randomPlanBody(seed: number, rich = false, placeCount = 12, routeCount = 6): Record<string, unknown> {
  const random = seededRandom(seed);
  const chance = (probability: number) => random() < probability;
  const pick = <T>(items: readonly T[]) => items[randomInt(random, items.length)]!;
  const markers = Array.from({ length: placeCount }, (_, index) => ({
    id: `P${index}`, location: `${random() * 10},${random() * 10}`, is_depot: index < 3, attributes: index < 3 ? [pick(['cold', 'wash', 'fuel'])] : [],
  }));
  const cell = (from: number, to: number, scale: number) => (from === to ? 0 : chance(0.03) ? null : Math.round(random() * scale * 10) / 10);
  const table = (scale: number) => markers.map((_, from) => markers.map((__, to) => cell(from, to, scale)));
  const placeIds = markers.map((marker) => marker.id);
  const jobs: Record<string, unknown>[] = [];
  const routes = Array.from({ length: routeCount }, (_, routeIndex) => {
    const stops: Record<string, unknown>[] = [{ type: 'depot' }];
    const jobCount = chance(0.1) ? 0 : 1 + randomInt(random, 8);
    for (let index = 0; index < jobCount; index++) {
      const id = `j${routeIndex}_${index}`;
      const job: Record<string, unknown> = { id, location: pick(placeIds), time_on_site: clock(random() * 1800), loads: [randomInt(random, 11) - 5, randomInt(random, 7) - 2] };
      if (chance(0.6)) {
        const start = 7 * 3600 + random() * 8 * 3600;
        job.time_window = { start: clock(start), end: clock(start + 1800 + random() * 4 * 3600) };
      }
      if (chance(0.2)) Object.assign(job, { exit_location: pick(placeIds), exit_time_on_site: clock(random() * 600) });
      if (chance(0.2)) job.required_route_attributes = [pick(['cold', 'lift'])];
      if (rich && job.time_window && chance(0.3)) {
        const start = 15 * 3600 + random() * 4 * 3600;
        job.time_window2 = { start: clock(start), end: clock(start + 3600) };
      }
      if (rich && chance(0.15)) job.required_pre_job_depot_attributes = [pick(['cold', 'wash'])];
      if (rich && chance(0.15)) job.required_post_job_depot_attributes = [pick(['cold', 'fuel'])];
      jobs.push(job);
      stops.push({ type: 'job', id });
      if (index < jobCount - 1 && chance(0.15)) stops.push({ type: 'depot', id: pick(['P0', 'P1', 'P2']) });
    }
    stops.push({ type: 'depot' });
    const route: Record<string, unknown> = {
      id: `r${routeIndex}`,
      start_time: clock(6 * 3600 + random() * 3 * 3600),
      stops,
      load_capacities: [5 + randomInt(random, 15), 3 + randomInt(random, 6)],
      route_attributes: chance(0.5) ? ['cold'] : [],
      cost_per_hour: Math.round(random() * 3000) / 100,
      cost_per_km: Math.round(random() * 100) / 100,
      fixed_cost: randomInt(random, 50),
    };
    const ends = randomInt(random, 3);
    if (ends === 0) route.location = pick(['P0', 'P1', 'P2']);
    if (ends === 1) Object.assign(route, { start_location: pick(placeIds), end_location: pick(placeIds) });
    if (chance(0.4)) route.max_working_time = clock(3600 + random() * 8 * 3600);
    if (chance(0.4)) route.max_driving_time = clock(1800 + random() * 4 * 3600);
    if (chance(0.4)) route.end_time = clock(10 * 3600 + random() * 8 * 3600);
    if (chance(0.4)) route.normal_working_time = clock(3600 + random() * 6 * 3600);
    if (chance(0.3)) route.max_jobs_on_route = randomInt(random, 8);
    if (rich) route.breaks = randomBreaks(random, route);
    return route;
  });
  return {
    markers,
    jobs,
    routes,
    settings: {
      time_windows_as_hard_constraint: chance(0.5),
      matrix: { durations: table(3600), distances: table(20000) },
      ...(rich && { enable_legal_breaks: chance(0.5), legal_break_interval: clock(1800 + random() * 3 * 3600), legal_break_duration: clock(300 + random() * 1800) }),
      ...(rich && chance(0.3) && { critical_violations: ['overtime', 'break_not_taken'] }),
    },
  };
}

function randomBreaks(random: () => number, route: Record<string, unknown>): Record<string, unknown>[] {
  const relative = random() < 0.3;
  if (relative) route.breaks_relative_to_start = true;
  return Array.from({ length: Math.floor(random() * 3) }, (_, index) => {
    const start = (relative ? 0 : 6 * 3600) + random() * 10 * 3600;
    const length = clock(300 + random() * 3600);
    if (random() < 0.5) return { id: `b${index}`, start: clock(start), length };
    return { id: `b${index}`, earliest_start: clock(start), latest_start: clock(start + random() * 3 * 3600), length };
  });
}
