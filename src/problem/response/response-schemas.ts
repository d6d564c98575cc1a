/** The JSON schemas of plan answers as /docs publishes them (the responses are built in this folder). */
const text = { type: 'string' } as const;
const number = { type: 'number' } as const;
const timespan = { type: 'string', description: '"HH:MM:SS"' } as const;
const timeOfDay = { type: 'string', description: 'time of day "HH:MM:SS", past 24:00 on the next day' } as const;

const violationSchema = {
  type: 'object',
  properties: { type: text, data: { type: 'object', properties: { amount: {}, limit: {}, metric: text } } },
} as const;

const stopResponseSchema = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['depot', 'job', 'job_exit', 'break', 'legal_break'] },
    id: text,
    location: { type: 'string', description: 'depot stops: the location given' },
    arrival_time: timeOfDay,
    arrival_datetime: { type: 'string', description: 'dated routes: ISO 8601 with the zone\'s offset' },
    idle_time: timespan,
    departure_time: timeOfDay,
    time_on_site: timespan,
    distance_to_meters: number,
    time_to: timespan,
    load: number,
    loads: { type: 'array', items: number },
    path_to_stop: { type: 'array', items: text },
    violations: { type: 'array', items: violationSchema },
    custom: {},
  },
} as const;

export const routeResponseSchema = {
  type: 'object',
  properties: {
    id: text, name: text, vehicle: text, driver: text, date: text,
    cost: number, internal_cost: number, distance_meters: number,
    driving_time: timespan, working_time: timespan, idle_time: timespan, start_time: timeOfDay, end_time: timeOfDay,
    stops: { type: 'array', items: stopResponseSchema },
    violations: { type: 'array', items: violationSchema },
    custom: {},
  },
} as const;

export const planResponseSchema = {
  type: 'object',
  description: 'problem_response (with aggregate=1 on its result: problem_aggregates)',
  properties: {
    custom: {},
    routes: { type: 'array', items: routeResponseSchema },
    schedules: { type: 'array', items: { type: 'object', properties: { id: text, base_date: text } } },
    unrouted_jobs: { type: 'array', items: { type: 'object', properties: { type: text, id: text, custom: {} } } },
  },
} as const;
