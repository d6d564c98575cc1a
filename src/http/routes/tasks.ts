/** Task management (docs/api.md, Tasks): result, status with long-poll, list, cancel. */
import type { FastifyInstance } from 'fastify';
import { validationFailed, type ValidationError } from '../../errors.js';
import { statusView, type TaskStatus } from '../../tasks/task.js';
import { accountOf } from '../authentication.js';
import { anyResult, errorResponses, resultQuery, taskStatusNames, taskStatusSchema } from '../openapi-schemas.js';
import { answerWhenReady, ownTask, queryOf, sendTaskResult, type TaskAnswerDeps } from '../task-answers.js';

const statuses: ReadonlySet<string> = new Set(taskStatusNames);
const maxListLimit = 1000;

const taskParams = { type: 'object', properties: { id: { type: 'string', description: 'the task_id' } } };

const schemas = {
  result: {
    tags: ['tasks'], params: taskParams, querystring: resultQuery(true),
    response: { 200: anyResult, 302: { description: 'wait=1 and not ready yet: the same request again' }, ...errorResponses(401, 404, 409, 500) },
  },
  status: {
    tags: ['tasks'], params: taskParams,
    querystring: { type: 'object', properties: { after: { type: 'string', description: 'long poll: answer once the status changed after this ISO-8601 time' } } },
    response: { 200: taskStatusSchema, 302: { ...taskStatusSchema, description: 'no change yet: ask again' }, ...errorResponses(400, 401, 404) },
  },
  list: {
    tags: ['tasks'],
    querystring: { type: 'object', properties: { status: { type: 'string', enum: taskStatusNames }, limit: { type: 'integer', minimum: 1, maximum: maxListLimit } } },
    response: { 200: { type: 'object', properties: { tasks: { type: 'array', items: taskStatusSchema } } }, ...errorResponses(400, 401) },
  },
  cancel: {
    tags: ['tasks'], params: taskParams,
    response: { 200: { type: 'object', properties: { task_id: { type: 'string' }, message: { type: 'string' } } }, ...errorResponses(401, 404) },
  },
};

function listFilter(query: Record<string, string | undefined>): { status?: TaskStatus; limit: number } {
  const errors: ValidationError[] = [];
  const filter: { status?: TaskStatus; limit: number } = { limit: 100 };
  if (query.status !== undefined) {
    if (statuses.has(query.status)) filter.status = query.status as TaskStatus;
    else errors.push({ property: 'request.status', code: 'invalid_enum_value_error', message: `Expected one of ${[...statuses].join(', ')}`, parameters: { allowed_values: [...statuses] }, attempted_value: query.status });
  }
  if (query.limit !== undefined) {
    const limit = Number(query.limit);
    if (Number.isInteger(limit) && limit >= 1 && limit <= maxListLimit) filter.limit = limit;
    else errors.push({ property: 'request.limit', code: 'value_out_of_range_error', message: `Expected an integer from 1 to ${maxListLimit}`, parameters: { minimum: 1, maximum: maxListLimit }, attempted_value: query.limit });
  }
  if (errors.length > 0) throw validationFailed(errors);
  return filter;
}

function parseAfter(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) {
    throw validationFailed([{ property: 'request.after', code: 'invalid_date_error', message: 'Expected an ISO-8601 date-time', attempted_value: value }]);
  }
  return new Date(time).toISOString();
}

export function registerTaskRoutes(app: FastifyInstance, deps: TaskAnswerDeps): void {
  app.get<{ Params: { id: string } }>('/v1/tasks/:id/result', { schema: schemas.result }, async (request, reply) => {
    const task = await ownTask(deps.store, accountOf(request).key, request.params.id);
    if (queryOf(request).wait === '1') return answerWhenReady(request, reply, task, deps);
    return sendTaskResult(reply, task, queryOf(request), deps);
  });

  app.get<{ Params: { id: string } }>('/v1/tasks/:id', { schema: schemas.status }, async (request, reply) => {
    const task = await ownTask(deps.store, accountOf(request).key, request.params.id);
    const after = queryOf(request).after;
    if (after === undefined) return statusView(task);
    const changed = await deps.store.waitForChange(task.id, parseAfter(after), deps.redirectIntervalMs);
    if (changed) return statusView(changed);
    const location = `/v1/tasks/${task.id}?after=${encodeURIComponent(after)}`;
    return reply.code(302).header('location', location).send(statusView(task));
  });

  app.get('/v1/tasks', { schema: schemas.list }, async (request) => {
    const tasks = await deps.store.list(accountOf(request).key, listFilter(queryOf(request)));
    return { tasks: tasks.map(statusView) };
  });

  app.post<{ Params: { id: string } }>('/v1/tasks/:id/cancel', { schema: schemas.cancel }, async (request) => {
    const task = await deps.runner.cancel(accountOf(request).key, request.params.id);
    const message = task.status === 'canceled' ? 'Task canceled' : `Task already ${task.status}`;
    return { task_id: task.id, message };
  });
}
