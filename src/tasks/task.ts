import type { ErrorResponse } from '../errors.js';

export type TaskStatus = 'queued' | 'running' | 'completed' | 'failed' | 'canceled';

export const taskStatuses: readonly TaskStatus[] = ['queued', 'running', 'completed', 'failed', 'canceled'];

/** Statuses a task can still leave, in the order it passes them. */
export const activeStatusList: readonly TaskStatus[] = ['queued', 'running'];
export const activeStatuses: ReadonlySet<TaskStatus> = new Set(activeStatusList);

/**
 * A task as stored: everything needed to answer status requests from any instance. Its result is stored beside it
 * and read only by the request that sends it (TaskStore.result): waiters re-read a task on every change, and a
 * plan's result is hundreds of kilobytes.
 */
export interface TaskRecord {
  id: string;
  account: string;
  operation: string;
  status: TaskStatus;
  /** ISO-8601 UTC times. `lastStatusTime` strictly increases with every change, for `after=` long-polls. */
  startedTime: string;
  lastStatusTime: string;
  finishedTime?: string;
  progress?: number;
  error?: ErrorResponse;
}

/** The task status body of docs/api.md, Tasks. */
export function statusView(task: TaskRecord): Record<string, unknown> {
  const view: Record<string, unknown> = {
    task_id: task.id,
    status: task.status,
    started_time: task.startedTime,
    last_status_time: task.lastStatusTime,
  };
  if (task.finishedTime) view.finished_time = task.finishedTime;
  if (task.progress !== undefined) view.progress = task.progress;
  return view;
}

/**
 * The task_redirect_response (docs/api.md; URLs relative to /v1/). `waitQuery` is the result URL's query:
 * `wait=1` and whatever shaped the request's result (`aggregate=1`).
 */
export function redirectView(task: TaskRecord, waitQuery = 'wait=1'): Record<string, unknown> {
  return {
    task_id: task.id,
    started_time: task.startedTime,
    wait_url: `tasks/${task.id}/result?${waitQuery}`,
    status_url: `tasks/${task.id}`,
  };
}
