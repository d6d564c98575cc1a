/**
 * Every key and channel Fleetroute writes in Redis (docs/scale-out.md lists them with their time-to-lives).
 * One prefix, so that a Redis shared with other applications can be inspected and cleaned by pattern.
 * Keys are built inside Lua scripts too, so a deployment needs a single Redis (or Sentinel), not Cluster.
 */
export const keyPrefix = 'fleetroute:';

export const redisKeys = {
  task: (id: string) => `${keyPrefix}task:${id}`,
  result: (id: string) => `${keyPrefix}result:${id}`,
  body: (id: string) => `${keyPrefix}body:${id}`,
  activeTasks: (account: string) => `${keyPrefix}active:${account}`,
  accountTasks: (account: string) => `${keyPrefix}tasks:${account}`,
  tasksByStatus: (status: string) => `${keyPrefix}status:${status}`,
  session: (key: string) => `${keyPrefix}session:${key}`,
  taskChanges: `${keyPrefix}task-changed`,
} as const;
