/**
 * The BullMQ queues that carry tasks from API processes to worker processes (docs/scale-out.md). Long
 * operations (build, optimize, sequence) and short ones run from separate queues, each with its own workers, so
 * a burst of builds never holds an evaluate back by more than one short task. Queues are named after the map's
 * content hash: a worker serving another map never takes a task computed on these roads.
 */
import { Queue, type ConnectionOptions, type KeyPrefixOptions, type QueueBaseOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import { keyPrefix } from '../redis/redis-keys.js';

const longOperations: ReadonlySet<string> = new Set(['build', 'optimize', 'sequence']);

export type QueueKind = 'short' | 'long';

export const queueKinds: readonly QueueKind[] = ['short', 'long'];

function queueKindOf(operation: string): QueueKind {
  return longOperations.has(operation) ? 'long' : 'short';
}

/** BullMQ forbids ':' in queue names; the hash is hex. */
export function queueName(kind: QueueKind, mapHash: string): string {
  return `tasks-${kind}-${mapHash}`;
}

/** What a queued job carries: the body waits in its own key (src/queue/task-bodies.ts), sent once. */
export interface TaskJobData {
  taskId: string;
  account: string;
  operation: string;
  mapHash: string;
}

/** `skipWaitingForReady`: a queue call fails at once while Redis is down, so the client gets its 503 now. */
export function queueOptions(connection: ConnectionOptions): QueueBaseOptions & KeyPrefixOptions {
  return { connection, prefix: `${keyPrefix}bull`, skipWaitingForReady: true };
}

/** The two queues of the served map, opened once the map is loaded (its hash names them). */
export class TaskQueues {
  #queues = new Map<QueueKind, Queue<TaskJobData>>();
  #mapHash: string | undefined;

  /** `redis` is a command connection the queues share: it fails fast while Redis is down. */
  constructor(private readonly redis: Redis) {}

  open(mapHash: string): void {
    this.#mapHash = mapHash;
    for (const kind of queueKinds) this.#queues.set(kind, new Queue<TaskJobData>(queueName(kind, mapHash), queueOptions(this.redis)));
  }

  get mapHash(): string | undefined {
    return this.#mapHash;
  }

  /** The queue an operation's tasks go to; undefined until the map is loaded. */
  queueFor(operation: string): Queue<TaskJobData> | undefined {
    return this.#queues.get(queueKindOf(operation));
  }

  /** Jobs by queue and state, for /metrics. */
  async depths(): Promise<Array<{ queue: QueueKind; state: string; count: number }>> {
    const depths: Array<{ queue: QueueKind; state: string; count: number }> = [];
    for (const [kind, queue] of this.#queues) {
      const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
      for (const [state, count] of Object.entries(counts)) depths.push({ queue: kind, state, count });
    }
    return depths;
  }

  async close(): Promise<void> {
    await Promise.all([...this.#queues.values()].map((queue) => queue.close()));
  }
}
