/** Checks a username and password against the accounts, for Basic credentials and for the login. */
import type { AccountDirectory, DirectoryEntry } from './account-directory.js';
import type { PasswordVerifier } from './password-hash.js';

export type PasswordCheck = (username: string, password: string) => Promise<DirectoryEntry | undefined>;

export function passwordCheck(directory: AccountDirectory, verifyPassword: PasswordVerifier): PasswordCheck {
  return async (username, password) => {
    const entry = directory.find(username);
    // Unknown usernames still cost one derivation, so the answer time does not reveal which accounts exist.
    const matches = await verifyPassword(password, entry?.password);
    return matches ? entry : undefined;
  };
}
