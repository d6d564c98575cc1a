/**
 * Remembers the outcome of checking an Authorization header, so scrypt (or a signature check) runs once per
 * client and not once per request. Keys are SHA-256 digests of the header: the cache never holds a password or
 * a token. Refusals are remembered too (a misconfigured client retrying the same wrong password costs one
 * derivation), in their own smaller cache so that a flood of bad headers cannot evict the good ones. A check
 * that throws is not remembered. Entries are dropped after a short time, at the end of the credentials' own
 * validity, and all at once when the accounts change.
 */
import { createHash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

const ttlMs = 60_000;

function keyOf(header: string): string {
  return createHash('sha256').update(header).digest('base64');
}

/** The username the header proved, until when (epoch ms, for credentials that expire); null when it proved nothing. */
export type Verdict = { username: string; until?: number | undefined } | null;

export class CredentialsCache {
  readonly #accepted = new LRUCache<string, Promise<Verdict>>({ max: 10_000, ttl: ttlMs });
  readonly #refused = new LRUCache<string, Promise<Verdict>>({ max: 1_000, ttl: ttlMs });
  /** Verdicts of the checks that have finished, for answering without waiting on a promise. */
  readonly #settled = new WeakMap<Promise<Verdict>, Verdict>();

  /**
   * The verdict for this header, computing it with `check` only when it is not known. Concurrent requests with
   * the same header share one computation.
   */
  verdict(header: string, check: () => Promise<Verdict>): Promise<Verdict> {
    const key = keyOf(header);
    const known = this.#accepted.get(key) ?? this.#refused.get(key);
    if (known) return known;
    const pending = check();
    this.#accepted.set(key, pending);
    pending.then(
      (verdict) => {
        this.#settled.set(pending, verdict);
        this.#settle(key, pending, verdict);
      },
      () => this.#forget(key, pending),
    );
    return pending;
  }

  /**
   * The accepted verdict for this header when its check has finished and is still cached; undefined otherwise
   * (unknown, refused or still being checked: ask `verdict`). Lets most requests authenticate without awaiting.
   */
  acceptedNow(header: string): Exclude<Verdict, null> | undefined {
    const pending = this.#accepted.get(keyOf(header));
    return (pending && this.#settled.get(pending)) ?? undefined;
  }

  clear(): void {
    this.#accepted.clear();
    this.#refused.clear();
  }

  #settle(key: string, pending: Promise<Verdict>, verdict: Verdict): void {
    // A clear() while the check ran means the verdict may be stale: it answers the waiting requests, no more.
    if (this.#accepted.get(key) !== pending) return;
    if (verdict === null) {
      this.#accepted.delete(key);
      this.#refused.set(key, pending);
    } else if (verdict.until !== undefined) {
      const left = verdict.until - Date.now();
      if (left > 0 && left < ttlMs) this.#accepted.set(key, pending, { ttl: left });
      else if (left <= 0) this.#accepted.delete(key);
    }
  }

  #forget(key: string, pending: Promise<Verdict>): void {
    if (this.#accepted.get(key) === pending) this.#accepted.delete(key);
  }
}
