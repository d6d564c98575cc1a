/**
 * An independent check of a planning answer: it reads only the request and the answer's JSON (never the
 * solver's model, flattening or timing) and lists every hard constraint the answer breaks — time windows,
 * attributes, drivers, vehicles, dates, capacity per trip between depot stops, route limits, linked jobs,
 * depot attributes — and jobs routed twice or lost.
 */
export type Json = Record<string, any>;

/** Seconds of a written timespan or time of day (`HH:MM`, `HH:MM:SS`, hours may pass 24, `-` for negative). */
export function timespanSeconds(text: string): number {
  const negative = text.startsWith('-');
  const [hours = 0, minutes = 0, seconds = 0] = text.replace('-', '').split(':').map(Number);
  return (negative ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds);
}

const byId = (items: Json[] | undefined): Map<string, Json> => new Map((items ?? []).map((item) => [item.id, item]));
const idOf = (reference: unknown): string | undefined => (typeof reference === 'string' ? reference : (reference as Json | undefined)?.id);
const lacking = (required: string[] | undefined, present: string[] | undefined): string[] =>
  (required ?? []).filter((attribute) => !(present ?? []).includes(attribute));
const dayNames = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

interface RequestIndex {
  jobs: Map<string, Json>;
  drivers: Map<string, Json>;
  vehicles: Map<string, Json>;
  markers: Map<string, Json>;
  hardWindows: boolean;
}

function indexRequest(request: Json): RequestIndex {
  const inlineJobs = (request.routes ?? []).flatMap((route: Json) => (route.jobs ?? []).filter((job: unknown) => typeof job === 'object'));
  return {
    jobs: byId([...(request.jobs ?? []), ...inlineJobs]),
    drivers: byId(request.drivers),
    vehicles: byId(request.vehicles),
    markers: byId(request.markers),
    hardWindows: request.settings?.time_windows_as_hard_constraint !== false,
  };
}

const loadsOf = (job: Json): number[] => job.loads ?? (job.load === undefined ? [] : [job.load]);

function capacityOf(route: Json, vehicle: Json | undefined): number[] | undefined {
  return route.load_capacities ?? (route.load_capacity === undefined ? vehicle?.load_capacities : [route.load_capacity]);
}

/** Loads per trip (stops between depot stops): deliveries all aboard at the trip's start, pickups added on the way. */
function capacityFaults(stops: Json[], jobs: Map<string, Json>, capacity: number[] | undefined): string[] {
  if (!capacity) return [];
  const faults: string[] = [];
  let trip: Json[] = [];
  const checkTrip = () => {
    const loads = trip.map((stop) => loadsOf(jobs.get(stop.id) ?? {}));
    capacity.forEach((limit, metric) => {
      let aboard = loads.reduce((sum, load) => sum + Math.max(0, load[metric] ?? 0), 0);
      let peak = aboard;
      for (const load of loads) {
        aboard -= load[metric] ?? 0;
        peak = Math.max(peak, aboard);
      }
      if (peak > limit + 1e-9) faults.push(`capacity ${limit} of metric ${metric} exceeded (${peak}) on a trip with ${trip.map((stop) => stop.id).join(', ')}`);
    });
    trip = [];
  };
  for (const stop of stops) {
    if (stop.type === 'depot') checkTrip();
    else if (stop.type === 'job') trip.push(stop);
  }
  checkTrip();
  return faults;
}

function windowFaults(stop: Json, job: Json): string[] {
  const windows = [job.time_window, job.time_window2].filter(Boolean) as Json[];
  if (windows.length === 0) return [];
  const start = timespanSeconds(stop.arrival_time) + timespanSeconds(stop.idle_time ?? '00:00:00');
  const inside = windows.some((window) =>
    (window.start === undefined || start >= timespanSeconds(window.start)) && (window.end === undefined || start <= timespanSeconds(window.end)));
  return inside ? [] : [`${job.id} starts at ${start} s, outside its windows`];
}

function dateFaults(job: Json, date: string | undefined): string[] {
  const constrained = job.date !== undefined || job.allowed_dates !== undefined || job.allowed_days_of_week !== undefined;
  if (!constrained) return [];
  if (date === undefined) return [`${job.id} is dated but its route is not`];
  const faults: string[] = [];
  if (job.date !== undefined && job.date !== date) faults.push(`${job.id} is for ${job.date}, its route for ${date}`);
  if (job.allowed_dates !== undefined && !job.allowed_dates.includes(date)) faults.push(`${job.id} may not go on ${date}`);
  const day = dayNames[new Date(`${date}T00:00:00Z`).getUTCDay()]!;
  const days = (job.allowed_days_of_week as string[] | undefined)?.map((name) => name.toLowerCase());
  if (days !== undefined && !days.some((name) => day.startsWith(name))) faults.push(`${job.id} may not go on a ${day}`);
  return faults;
}

/** The depot stop nearest to `index` in `direction` (−1 before, +1 after). */
function depotBeside(stops: Json[], index: number, direction: -1 | 1): Json | undefined {
  for (let at = index + direction; at >= 0 && at < stops.length; at += direction) if (stops[at]!.type === 'depot') return stops[at];
  return undefined;
}

function depotAttributeFaults(stops: Json[], index: number, job: Json, markers: Map<string, Json>): string[] {
  const faults: string[] = [];
  const check = (required: string[] | undefined, direction: -1 | 1, side: string) => {
    if (!required?.length) return;
    const depot = depotBeside(stops, index, direction);
    const missing = lacking(required, depot && markers.get(depot.id)?.attributes);
    if (missing.length > 0) faults.push(`${job.id}: the depot ${side} it (${depot?.id ?? 'none'}) lacks ${missing.join(', ')}`);
  };
  check(job.required_pre_job_depot_attributes, -1, 'before');
  check(job.required_post_job_depot_attributes, 1, 'after');
  return faults;
}

function linkedJobFaults(stops: Json[], index: number, job: Json): string[] {
  if (job.exit_location === undefined) return [];
  const next = stops.slice(index + 1).find((stop) => stop.type !== 'break' && stop.type !== 'legal_break');
  return next?.type === 'job_exit' && next.id === job.id ? [] : [`${job.id}: its job_exit stop does not follow it`];
}

interface RouteContext {
  route: Json;
  answer: Json;
  driver: string | undefined;
  vehicle: Json | undefined;
}

function jobStopFaults(stops: Json[], index: number, job: Json, context: RouteContext, request: RequestIndex): string[] {
  const { route, driver, vehicle } = context;
  const faults = [
    ...linkedJobFaults(stops, index, job),
    ...depotAttributeFaults(stops, index, job, request.markers),
    ...dateFaults(job, route.date),
    ...(request.hardWindows ? windowFaults(stops[index]!, job) : []),
  ];
  const missing = lacking(job.required_route_attributes, route.route_attributes);
  if (missing.length > 0) faults.push(`${job.id} needs route attributes ${missing.join(', ')}`);
  const disallowed = (job.disallowed_route_attributes ?? []).filter((attribute: string) => (route.route_attributes ?? []).includes(attribute));
  if (disallowed.length > 0) faults.push(`${job.id} may not go on a route with ${disallowed.join(', ')}`);
  const missingVehicle = lacking(job.required_vehicle_attributes, vehicle?.attributes);
  if (missingVehicle.length > 0) faults.push(`${job.id} needs vehicle attributes ${missingVehicle.join(', ')}`);
  if (job.required_driver !== undefined && job.required_driver !== driver) faults.push(`${job.id} needs driver ${job.required_driver}, has ${driver}`);
  if (driver !== undefined && (job.forbidden_drivers ?? []).includes(driver)) faults.push(`${job.id} forbids driver ${driver}`);
  return faults;
}

function routeLimitFaults({ route, answer }: RouteContext, jobCount: number): string[] {
  const faults: string[] = [];
  const over = (limit: string | undefined, value: string | undefined, what: string) => {
    if (limit !== undefined && value !== undefined && timespanSeconds(value) > timespanSeconds(limit)) faults.push(`${route.id}: ${what} ${value} over ${limit}`);
  };
  over(route.max_working_time, answer.working_time, 'working time');
  over(route.max_driving_time, answer.driving_time, 'driving time');
  if (answer.stops.length > 0) over(route.end_time, answer.end_time, 'end');
  if (route.max_jobs_on_route !== undefined && jobCount > route.max_jobs_on_route) faults.push(`${route.id}: ${jobCount} jobs, at most ${route.max_jobs_on_route}`);
  return faults;
}

function routeFaults(context: RouteContext, request: RequestIndex): string[] {
  const stops: Json[] = context.answer.stops;
  const faults: string[] = [];
  stops.forEach((stop, index) => {
    if (stop.type !== 'job') return;
    const job = request.jobs.get(stop.id);
    if (!job) faults.push(`${stop.id} is not a job of the request`);
    else faults.push(...jobStopFaults(stops, index, job, context, request));
  });
  const jobCount = stops.filter((stop) => stop.type === 'job').length;
  return [...faults, ...routeLimitFaults(context, jobCount), ...capacityFaults(stops, request.jobs, capacityOf(context.route, context.vehicle))];
}

/** Every hard constraint of `request` that `answer` (a build, optimize or sequence answer) breaks; [] when none. */
export function planFaults(request: Json, answer: Json): string[] {
  const index = indexRequest(request);
  const requestRoutes = byId(request.routes);
  const faults: string[] = [];
  const seen = new Map<string, number>();
  for (const routeAnswer of answer.routes as Json[]) {
    const route = requestRoutes.get(routeAnswer.id) ?? {};
    const driver = idOf(route.driver);
    const vehicle = index.vehicles.get(idOf(route.vehicle) ?? '');
    faults.push(...routeFaults({ route, answer: routeAnswer, driver, vehicle }, index));
    for (const stop of routeAnswer.stops as Json[]) if (stop.type === 'job') seen.set(stop.id, (seen.get(stop.id) ?? 0) + 1);
  }
  for (const stop of (answer.unrouted_jobs ?? []) as Json[]) seen.set(stop.id, (seen.get(stop.id) ?? 0) + 1);
  for (const [id, count] of seen) if (count > 1) faults.push(`${id} is answered ${count} times`);
  for (const id of index.jobs.keys()) if (!seen.has(id)) faults.push(`${id} is neither routed nor unrouted`);
  return faults;
}
