/**
 * How a task's state becomes an HTTP answer: the result, its error, a 409, or — for `wait=1` — a 302 that sends
 * the client back to wait again, carrying along the query parameters that shape the result (docs/api.md, Tasks).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { asBuffer } from '../common/as-buffer.js';
import { AppError } from '../errors.js';
import type { Operation, Query } from '../operations/operation.js';
import { chosenView, type ResultViews } from '../operations/result-views.js';
import { redirectView, type TaskRecord } from '../tasks/task.js';
import type { TaskStore } from '../tasks/task-store.js';
import type { TaskRunner } from '../tasks/task-runner.js';
import { sendError } from './error-handler.js';

export interface TaskAnswerDeps {
  store: TaskStore;
  runner: TaskRunner;
  redirectIntervalMs: number;
  operations: ReadonlyMap<string, Operation>;
}

export function queryOf(request: FastifyRequest): Query {
  return (request.query ?? {}) as Query;
}

/** A serialized result: the view the query asks for, sent as the JSON bytes it already is. */
export function sendViews(reply: FastifyReply, operation: Operation | undefined, views: ResultViews, query: Query): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(asBuffer(chosenView(operation, views, query)));
}

/** The finished (or still pending) task as its result request answers it; `views` when already read with it. */
export async function sendTaskResult(reply: FastifyReply, task: TaskRecord, query: Query, deps: TaskAnswerDeps, views?: ResultViews): Promise<FastifyReply> {
  switch (task.status) {
    case 'completed': {
      // Stored with the same time-to-live as the task: gone only if it expired since the task was read.
      views ??= await deps.store.result(task.id);
      if (!views) throw new AppError('invalid_task_id_error', `No task ${task.id}`);
      return sendViews(reply, deps.operations.get(task.operation), views, query);
    }
    case 'failed':
      return reply.code(task.error?.status_code ?? 500).send(task.error);
    case 'canceled':
      return sendError(reply, new AppError('task_canceled_error', `Task ${task.id} was canceled`));
    default:
      return sendError(reply, new AppError('task_not_complete_error', `Task ${task.id} is not complete yet; try again soon`));
  }
}

/** `wait=1` and every other parameter of the request, which shape the result (`aggregate=1`). */
export function waitQuery(query: Query): string {
  const params = new URLSearchParams();
  params.set('wait', '1');
  for (const [key, value] of Object.entries(query)) if (key !== 'wait' && value !== undefined) params.set(key, value);
  return params.toString();
}

/**
 * Answers with the result once ready; otherwise a 302 back to the result URL after the redirect interval.
 * With `cancel_on_disconnect=1`, a client that goes away while waiting cancels the task.
 */
export async function answerWhenReady(request: FastifyRequest, reply: FastifyReply, task: TaskRecord, deps: TaskAnswerDeps): Promise<FastifyReply> {
  const query = queryOf(request);
  const disconnected = new AbortController();
  const onClose = (): void => {
    if (reply.sent) return;
    disconnected.abort();
    if (query.cancel_on_disconnect === '1') void deps.runner.cancel(task.account, task.id);
  };
  request.raw.socket.once('close', onClose);
  try {
    const finished = await deps.store.waitForResult(task.id, deps.redirectIntervalMs, disconnected.signal);
    if (finished) return sendTaskResult(reply, finished.task, query, deps, finished.result);
    const latest = (await deps.store.get(task.id)) ?? task;
    return reply.code(302).header('location', `/v1/tasks/${task.id}/result?${waitQuery(query)}`).send(redirectView(latest, waitQuery(query)));
  } finally {
    request.raw.socket.off('close', onClose);
  }
}

/** The caller's own task, or 404: another account's task is as unknown as a made-up id. */
export async function ownTask(store: TaskStore, account: string, id: string): Promise<TaskRecord> {
  const task = await store.get(id);
  if (!task || task.account !== account) throw new AppError('invalid_task_id_error', `No task ${id}`);
  return task;
}
