/** Accounts, configurations and credentials for the authentication tests. */
import { loadConfig, type Config } from '../../src/config.js';
import { mechanismsFor, newAccountUid } from '../../src/auth/account.js';
import { hashPassword, scryptVerifier, type PasswordVerifier, type ScryptParameters } from '../../src/auth/password-hash.js';
import { writeUsersFile } from '../../src/auth/users-file.js';

/** Cheap scrypt settings for accounts the tests write themselves: the hashing cost is not what they test. */
export const cheapScrypt: ScryptParameters = { N: 1024, r: 8, p: 1, keyLength: 64 };

export function authConfig(dataDir: string, env: Record<string, string> = {}): Config {
  return loadConfig([], { FLEETROUTE_DATA_DIR: dataDir, ...env }).config;
}

export async function writeAccounts(config: Config, accounts: { username: string; password: string; jwt?: boolean }[]): Promise<void> {
  const stored = await Promise.all(
    accounts.map(async ({ username, password, jwt = false }) => ({
      username,
      uid: newAccountUid(),
      mechanisms: mechanismsFor(username, { jwt }),
      password: await hashPassword(password, cheapScrypt),
    })),
  );
  await writeUsersFile(config.usersFile, stored);
}

export function basicHeader(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

/** The real scrypt verifier, counting how often it runs. */
export function countingVerifier(): { verifyPassword: PasswordVerifier; runs(): number } {
  let runs = 0;
  return {
    verifyPassword: (password, stored) => {
      runs += 1;
      return scryptVerifier(password, stored);
    },
    runs: () => runs,
  };
}
