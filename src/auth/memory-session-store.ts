/** Sessions of a single-process deployment (docs/api.md, Deployment modes, embedded mode). */
import type { SessionStore } from './session-store.js';

interface StoredSession {
  username: string;
  expiresAt: number;
}

export class MemorySessionStore implements SessionStore {
  readonly #now: () => number;
  /**
   * Kept in order of last use (every touch moves a session to the end), so the expired ones are always at
   * the front and sweeping them costs nothing for the sessions still alive.
   */
  readonly #sessions = new Map<string, StoredSession>();

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async create(key: string, username: string, idleSeconds: number): Promise<void> {
    this.#sweep();
    this.#sessions.set(key, { username, expiresAt: this.#now() + idleSeconds * 1000 });
  }

  async touch(key: string, idleSeconds: number): Promise<string | undefined> {
    this.#sweep();
    const session = this.#sessions.get(key);
    if (!session) return undefined;
    this.#sessions.delete(key);
    this.#sessions.set(key, { username: session.username, expiresAt: this.#now() + idleSeconds * 1000 });
    return session.username;
  }

  async close(): Promise<void> {
    this.#sessions.clear();
  }

  #sweep(): void {
    const now = this.#now();
    for (const [key, session] of this.#sessions) {
      if (session.expiresAt > now) return;
      this.#sessions.delete(key);
    }
  }
}
