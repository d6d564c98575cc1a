/**
 * The accounts the server knows right now: those of the users file, plus the bootstrap account from the
 * environment, which lives only in memory (it follows the environment, and a read-only users file still works).
 */
import type { Account } from './account.js';
import type { PasswordHash } from './password-hash.js';
import { readUsersFile, type StoredAccount } from './users-file.js';

export interface DirectoryEntry {
  account: Account;
  password: PasswordHash;
}

function toEntry(stored: StoredAccount): DirectoryEntry {
  return { account: { username: stored.username, mechanisms: new Set(stored.mechanisms) }, password: stored.password };
}

export class AccountDirectory {
  readonly #usersFile: string;
  readonly #bootstrap: StoredAccount | undefined;
  readonly #changeListeners: (() => void)[] = [];
  #entries = new Map<string, DirectoryEntry>();

  constructor(usersFile: string, bootstrap: StoredAccount | undefined) {
    this.#usersFile = usersFile;
    this.#bootstrap = bootstrap;
  }

  find(username: string): DirectoryEntry | undefined {
    return this.#entries.get(username);
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
    for (const listener of this.#changeListeners) listener();
  }
}
