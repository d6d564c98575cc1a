/**
 * The HTTP thread's side of the road tiles: requests go to the tile thread (tile-worker.ts) and come back as
 * JSON text. The thread starts with the service's map, so its edge index is ready before the page asks.
 */
import { Worker } from 'node:worker_threads';
import { AppError } from '../errors.js';
import type { TileRoads } from './road-tiles.js';
import type { TileAddress } from './tile-coordinates.js';
import type { TileReply, TileRequest } from './tile-messages.js';

type Pending = { resolve: (json: string) => void; reject: (error: Error) => void };

export class TileService {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #next = 0;
  #failure: Error | undefined;

  constructor(roads: TileRoads) {
    this.#worker = new Worker(new URL('./tile-worker.js', import.meta.url), { workerData: roads });
    // The tile thread must never keep a stopping process alive.
    this.#worker.unref();
    this.#worker.on('message', (reply: TileReply) => {
      this.#pending.get(reply.id)?.resolve(reply.json);
      this.#pending.delete(reply.id);
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', () => this.#fail(new Error('the tile thread stopped')));
  }

  tileJson(address: TileAddress): Promise<string> {
    return this.#ask({ id: this.#next++, kind: 'tile', address });
  }

  /** `{bounds}`: the roads' south-west and north-east corners, or null without roads. */
  boundsJson(): Promise<string> {
    return this.#ask({ id: this.#next++, kind: 'bounds' });
  }

  async close(): Promise<void> {
    await this.#worker.terminate();
  }

  #ask(request: TileRequest): Promise<string> {
    if (this.#failure) return Promise.reject(new AppError('internal_server_error', 'Road tiles are unavailable'));
    return new Promise((resolve, reject) => {
      this.#pending.set(request.id, { resolve, reject });
      this.#worker.postMessage(request);
    });
  }

  #fail(error: Error): void {
    this.#failure ??= error;
    for (const pending of this.#pending.values()) pending.reject(new AppError('internal_server_error', 'Road tiles are unavailable'));
    this.#pending.clear();
  }
}
