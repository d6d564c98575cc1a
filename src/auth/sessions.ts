/**
 * Session ids: 32 random bytes in base64url, handed to the client once. The store only sees their SHA-256
 * digest, so a dump of a shared store (Redis) gives nobody a usable session.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { SessionStore } from './session-store.js';

const sessionIdPattern = /^[A-Za-z0-9_-]{43}$/;

function storeKey(sessionId: string): string {
  return createHash('sha256').update(sessionId).digest('base64url');
}

export class Sessions {
  readonly #store: SessionStore;
  readonly #idleSeconds: number;

  constructor(store: SessionStore, idleSeconds: number) {
    this.#store = store;
    this.#idleSeconds = idleSeconds;
  }

  /** A new session id for the account with this `Account.key` (the store keeps it where it says username). */
  async start(accountKey: string): Promise<string> {
    const sessionId = randomBytes(32).toString('base64url');
    await this.#store.create(storeKey(sessionId), accountKey, this.#idleSeconds);
    return sessionId;
  }

  /** The account key of a live session, extending its life; undefined for an unknown or expired id. */
  async use(sessionId: string): Promise<string | undefined> {
    if (!sessionIdPattern.test(sessionId)) return undefined;
    return this.#store.touch(storeKey(sessionId), this.#idleSeconds);
  }

  close(): Promise<void> {
    return this.#store.close();
  }
}
