/**
 * The parts of the /docs document the routes share: the error_response, the task views and the query
 * parameters of results. Response schemas document only: the app serializes with JSON.stringify (app.ts), so a
 * schema never filters what is sent.
 */
import { errorResponseSchema } from '../errors.js';

const statusNames: Record<number, string> = {
  400: 'validation failed', 401: 'credentials missing or refused', 404: 'no such resource or task', 409: 'task not complete or canceled',
  415: 'not JSON', 429: 'too many tasks of this account', 500: 'unexpected failure', 503: 'still loading',
};

/** The error_response of each status an endpoint may answer with. */
export function errorResponses(...statuses: number[]): Record<number, object> {
  return Object.fromEntries(statuses.map((status) => [status, { ...errorResponseSchema, description: statusNames[status] }]));
}

export const taskRedirectSchema = {
  type: 'object',
  description: 'task_redirect_response: the task was created (without wait=1)',
  properties: { task_id: { type: 'string' }, started_time: { type: 'string' }, wait_url: { type: 'string' }, status_url: { type: 'string' } },
} as const;

export const taskStatusNames = ['queued', 'running', 'completed', 'failed', 'canceled'] as const;

export const taskStatusSchema = {
  type: 'object',
  properties: {
    task_id: { type: 'string' },
    status: { type: 'string', enum: taskStatusNames },
    started_time: { type: 'string' },
    last_status_time: { type: 'string' },
    finished_time: { type: 'string' },
    progress: { type: 'number', minimum: 0, maximum: 1 },
  },
} as const;

const wait = { type: 'string', enum: ['1'], description: 'answer with the result when it is ready (302 back to this URL meanwhile)' };
const aggregate = { type: 'string', enum: ['1'], description: 'the plan\'s problem_aggregates instead of the plan' };
const cancelOnDisconnect = { type: 'string', enum: ['1'], description: 'with wait=1: cancel the task when the client goes away' };

/** The query of a request answering a task's result (a task operation's POST, or its result URL). */
export function resultQuery(hasViews: boolean): object {
  return { type: 'object', properties: hasViews ? { wait, aggregate, cancel_on_disconnect: cancelOnDisconnect } : { wait, cancel_on_disconnect: cancelOnDisconnect } };
}

/** What an operation answers when its own schema does not say more. */
export const anyResult = { type: 'object', additionalProperties: true, description: 'the operation\'s result' } as const;
