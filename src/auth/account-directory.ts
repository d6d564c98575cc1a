/**
 * The accounts the server knows right now: those of the users file, plus the bootstrap account from the
 * environment, which lives only in memory (it follows the environment, and a read-only users file still works).
 */
import { accountKey, type Account } from './account.js';
import type { PasswordHash } from './password-hash.js';
import { readUsersFile, type StoredAccount } from './users-file.js';

export interface DirectoryEntry {
  account: Account;
  password: PasswordHash;
}

function toEntry(stored: StoredAccount): DirectoryEntry {
  const account = { username: stored.username, mechanisms: new Set(stored.mechanisms), key: accountKey(stored.username, stored.uid) };
  return { account, password: stored.password };
}

export class AccountDirectory {
  readonly #usersFile: string;
  readonly #bootstrap: StoredAccount | undefined;
  readonly #changeListeners: (() => void)[] = [];
  #entries = new Map<string, DirectoryEntry>();
  #byKey = new Map<string, DirectoryEntry>();

  constructor(usersFile: string, bootstrap: StoredAccount | undefined) {
    this.#usersFile = usersFile;
    this.#bootstrap = bootstrap;
  }

  find(username: string): DirectoryEntry | undefined {
    return this.#entries.get(username);
  }

  /** The account with this `Account.key`: undefined once the account was removed, even if re-created since. */
  findByKey(key: string): DirectoryEntry | undefined {
    return this.#byKey.get(key);
  }

  get size(): number {
    return this.#entries.size;
  }

  /** Called after every reload: whatever was derived from the old accounts (cached verifications) is stale. */
  onChange(listener: () => void): void {
    this.#changeListeners.push(listener);
  }

  /** Re-reads the users file. On a broken file it throws and keeps the accounts it had. */
  async reload(): Promise<void> {
    const stored = (await readUsersFile(this.#usersFile)) ?? [];
    const entries = new Map(stored.map((account) => [account.username, toEntry(account)]));
    if (this.#bootstrap) entries.set(this.#bootstrap.username, toEntry(this.#bootstrap));
    this.#entries = entries;
    this.#byKey = new Map([...entries.values()].map((entry) => [entry.account.key, entry]));
    for (const listener of this.#changeListeners) listener();
  }
}
