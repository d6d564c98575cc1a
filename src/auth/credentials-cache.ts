/**
 * Remembers the outcome of checking an Authorization header, so scrypt runs once per client and not once per
 * request. Keys are SHA-256 digests of the header: the cache never holds a password. Refusals are remembered
 * too (a misconfigured client retrying the same wrong password costs one derivation), in their own smaller
 * cache so that a flood of bad headers cannot evict the good ones. Entries are dropped after a short time and
 * all at once when the accounts change.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

const ttlMs = 60_000;

/** The username the header proved, or null when it proved nothing. */
export type Verdict = string | null;

export class CredentialsCache {
  readonly #accepted = new LRUCache<string, Promise<Verdict>>({ max: 10_000, ttl: ttlMs });
  readonly #refused = new LRUCache<string, Promise<Verdict>>({ max: 1_000, ttl: ttlMs });

  /**
   * The verdict for this header, computing it with `check` only when it is not known. Concurrent requests with
   * the same header share one computation.
   */
  verdict(header: string, check: () => Promise<Verdict>): Promise<Verdict> {
    const key = createHash('sha256').update(header).digest('base64');
    const known = this.#accepted.get(key) ?? this.#refused.get(key);
    if (known) return known;
    const pending = check();
    this.#accepted.set(key, pending);
    pending.then(
      (verdict) => {
        if (verdict !== null || this.#accepted.get(key) !== pending) return;
        this.#accepted.delete(key);
        this.#refused.set(key, pending);
      },
      () => {
        if (this.#accepted.get(key) === pending) this.#accepted.delete(key);
      },
    );
    return pending;
  }

  clear(): void {
    this.#accepted.clear();
    this.#refused.clear();
  }
}
