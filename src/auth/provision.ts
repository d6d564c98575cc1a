/**
 * The accounts that exist before anyone ran `fleetroute users add`: the bootstrap account of the environment,
 * or, on the very first start without one, an `admin` account with a random password that is shown once.
 */
import { randomBytes } from 'node:crypto';
import { ConfigError, type Config } from '../config.js';
import { mechanismsFor, newAccountUid, usernameProblem } from './account.js';
import { hashPassword } from './password-hash.js';
import { readUsersFile, writeUsersFile, type StoredAccount } from './users-file.js';

export interface Provisioned {
  bootstrap: StoredAccount | undefined;
  createdAdmin: { username: string; password: string } | undefined;
}

const firstAdminUsername = 'admin';

async function bootstrapAccount(config: Config): Promise<StoredAccount | undefined> {
  const { bootstrapUsername: username, bootstrapPassword: password } = config;
  if (username === undefined || password === undefined) return undefined;
  const problem = usernameProblem(username);
  if (problem) throw new ConfigError(`FLEETROUTE_BOOTSTRAP_USERNAME: ${problem}`);
  return { username, mechanisms: mechanismsFor(username, { jwt: true }), password: await hashPassword(password) };
}

export async function provisionAccounts(config: Config): Promise<Provisioned> {
  const bootstrap = await bootstrapAccount(config);
  if (bootstrap || (await readUsersFile(config.usersFile)) !== undefined) return { bootstrap, createdAdmin: undefined };
  const password = randomBytes(18).toString('base64url');
  const admin: StoredAccount = {
    username: firstAdminUsername,
    uid: newAccountUid(),
    mechanisms: mechanismsFor(firstAdminUsername, { jwt: true }),
    password: await hashPassword(password),
  };
  await writeUsersFile(config.usersFile, [admin]);
  return { bootstrap, createdAdmin: { username: firstAdminUsername, password } };
}
