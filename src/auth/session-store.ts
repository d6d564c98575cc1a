/**
 * Where sessions live. Methods are asynchronous so a shared store (Redis: `SET key user EX idle` and
 * `GETEX key EX idle`) can replace the in-memory one; nothing outside a store may assume memory.
 * Keys are digests of session ids, never the ids themselves.
 */
export interface SessionStore {
  /** Records a new session that expires after `idleSeconds` without use. */
  create(key: string, username: string, idleSeconds: number): Promise<void>;
  /** The session's username, restarting its idle time; undefined when unknown or expired. */
  touch(key: string, idleSeconds: number): Promise<string | undefined>;
  close(): Promise<void>;
}
