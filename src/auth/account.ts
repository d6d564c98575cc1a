/**
 * What an account is allowed to do. The mechanisms follow from the account's type (docs/api.md, Accounts and
 * authentication): Basic for every account, session ids for session-type accounts (their usernames contain a colon),
 * bearer tokens for accounts that were made jwt-capable.
 */
import { randomUUID } from 'node:crypto';

export type Mechanism = 'basic' | 'jwt' | 'session';

export const allMechanisms: readonly Mechanism[] = ['basic', 'jwt', 'session'];

export interface Account {
  username: string;
  mechanisms: ReadonlySet<Mechanism>;
  /**
   * Whose sessions and tasks these are: the username and the id of this creation of the account, so that an
   * account removed and added again under the same name starts with no sessions and no tasks of the old one.
   */
  key: string;
}

/** The id a new account gets in the users file, different for every creation of an account. */
export function newAccountUid(): string {
  return randomUUID();
}

/** Accounts without a uid (files written before accounts had one, the bootstrap account) are keyed by name. */
export function accountKey(username: string, uid: string | undefined): string {
  return uid === undefined ? username : `${username}#${uid}`;
}

export function isSessionTypeUsername(username: string): boolean {
  return username.includes(':');
}

export function mechanismsFor(username: string, options: { jwt: boolean }): Mechanism[] {
  const mechanisms: Mechanism[] = ['basic'];
  if (options.jwt) mechanisms.push('jwt');
  if (isSessionTypeUsername(username)) mechanisms.push('session');
  return mechanisms;
}

/**
 * Usernames travel inside Basic credentials, where only `%3A` is decoded: a literal `%` would make that
 * ambiguous, and whitespace or control characters are never intended.
 */
export const usernamePattern = '^[^\\s%\\x00-\\x1f\\x7f]{1,128}$';

export function usernameProblem(username: string): string | undefined {
  if (new RegExp(usernamePattern, 'u').test(username)) return undefined;
  return 'a username has 1 to 128 characters, without spaces, control characters or "%"';
}
