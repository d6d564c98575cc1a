import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { DecodedBlock } from './decoded-block.js';
import type { ElementKinds } from './pbf-primitive-block.js';
import type { BlobTask } from './pbf-worker.js';

type Reply = { seq: number; block: DecodedBlock } | { seq: number; error: string };

/**
 * A small pool of its own (not the service's Piscina pool): import runs before the service exists and
 * the decoder wants transfer lists in both directions. Blobs go out round-robin; `decode` resolves per blob.
 */
export class PbfDecoderPool {
  private readonly workers: Worker[];
  private readonly pending = new Map<number, { resolve(b: DecodedBlock): void; reject(e: Error): void }>();
  private nextSeq = 0;

  constructor(size = Math.max(1, Math.min(4, availableParallelism()))) {
    this.workers = Array.from({ length: size }, () => {
      const worker = new Worker(new URL('./pbf-worker.js', import.meta.url));
      worker.on('message', (reply: Reply) => this.settle(reply));
      worker.on('error', (error) => this.failAll(error));
      return worker;
    });
  }

  get size(): number {
    return this.workers.length;
  }

  decode(blob: Uint8Array, kinds: ElementKinds): Promise<DecodedBlock> {
    const seq = this.nextSeq++;
    const task: BlobTask = { seq, blob, kinds };
    return new Promise((resolve, reject) => {
      this.pending.set(seq, { resolve, reject });
      this.workers[seq % this.workers.length]!.postMessage(task, [blob.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private settle(reply: Reply): void {
    const waiter = this.pending.get(reply.seq);
    if (!waiter) return;
    this.pending.delete(reply.seq);
    if ('error' in reply) waiter.reject(new Error(reply.error));
    else waiter.resolve(reply.block);
  }

  private failAll(error: Error): void {
    for (const waiter of this.pending.values()) waiter.reject(error);
    this.pending.clear();
  }
}
