/**
 * HTTP Basic: `Authorization: Basic base64(username:password)`. Session-type usernames contain a colon, which clients
 * send as `%3A` (docs/api.md, Accounts and authentication); it is decoded in the username only, after splitting at
 * the first colon, so passwords may contain anything.
 */
import { AppError } from '../errors.js';
import type { AccountDirectory, DirectoryEntry } from './account-directory.js';
import type { CredentialsCache } from './credentials-cache.js';
import type { PasswordCheck } from './password-check.js';

export interface BasicCredentials {
  username: string;
  password: string;
}

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

function malformed(reason: string): AppError {
  return new AppError('invalid_basic_auth_error', `Malformed Basic credentials: ${reason}`);
}

/** Decodes the part after `Basic `. Throws invalid_basic_auth_error for anything that is not `user:password`. */
export function parseBasicCredentials(encoded: string): BasicCredentials {
  if (encoded.length % 4 !== 0 || !base64Pattern.test(encoded)) throw malformed('not base64');
  let decoded: string;
  try {
    decoded = strictUtf8.decode(Buffer.from(encoded, 'base64'));
  } catch {
    throw malformed('not UTF-8');
  }
  const colon = decoded.indexOf(':');
  if (colon < 0) throw malformed('no colon between username and password');
  const username = decoded.slice(0, colon).replace(/%3A/gi, ':');
  if (username === '') throw malformed('empty username');
  return { username, password: decoded.slice(colon + 1) };
}

export class BasicAuthenticator {
  readonly #directory: AccountDirectory;
  readonly #cache: CredentialsCache;
  readonly #checkPassword: PasswordCheck;

  constructor(directory: AccountDirectory, cache: CredentialsCache, checkPassword: PasswordCheck) {
    this.#directory = directory;
    this.#cache = cache;
    this.#checkPassword = checkPassword;
  }

  /** The account `encoded` proved before, when that is still known without waiting; else use `authenticate`. */
  known(encoded: string): DirectoryEntry | undefined {
    const proven = this.#cache.acceptedNow(`Basic ${encoded}`);
    return proven && this.#directory.find(proven.username);
  }

  /** The account proven by `encoded` (the header after `Basic `). */
  async authenticate(encoded: string): Promise<DirectoryEntry> {
    const { username, password } = parseBasicCredentials(encoded);
    const proven = await this.#cache.verdict(`Basic ${encoded}`, async () => ((await this.#checkPassword(username, password)) ? { username } : null));
    // Looked up again on every request: the cache proves the password, the directory says what the account may do now.
    const entry = proven === null ? undefined : this.#directory.find(proven.username);
    if (!entry) throw new AppError('invalid_basic_auth_error', 'Invalid username or password');
    return entry;
  }
}
