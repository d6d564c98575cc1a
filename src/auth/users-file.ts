/**
 * The users file: every account with its scrypt hash and the mechanisms it may use. Read at start and on
 * change; written whole, through a temporary file renamed over the old one, so a reader never sees half a file.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Ajv } from 'ajv';
import { allMechanisms, isSessionTypeUsername, usernamePattern, type Mechanism } from './account.js';
import type { PasswordHash } from './password-hash.js';

export interface StoredAccount {
  username: string;
  /** Set when the account is created (`newAccountUid`); absent in files written before accounts had one. */
  uid?: string;
  mechanisms: Mechanism[];
  password: PasswordHash;
}

interface UsersFileContent {
  version: 1;
  accounts: StoredAccount[];
}

export class UsersFileError extends Error {}

const usersFileSchema = {
  type: 'object',
  required: ['version', 'accounts'],
  properties: {
    version: { const: 1 },
    accounts: {
      type: 'array',
      items: {
        type: 'object',
        required: ['username', 'mechanisms', 'password'],
        properties: {
          username: { type: 'string', pattern: usernamePattern },
          uid: { type: 'string', minLength: 1 },
          mechanisms: { type: 'array', items: { enum: allMechanisms }, contains: { const: 'basic' }, uniqueItems: true },
          password: {
            type: 'object',
            required: ['algorithm', 'N', 'r', 'p', 'keyLength', 'salt', 'hash'],
            properties: {
              algorithm: { const: 'scrypt' },
              N: { type: 'integer', minimum: 2 },
              r: { type: 'integer', minimum: 1 },
              p: { type: 'integer', minimum: 1 },
              keyLength: { type: 'integer', minimum: 16, maximum: 1024 },
              salt: { type: 'string', minLength: 1 },
              hash: { type: 'string', minLength: 1 },
            },
          },
        },
      },
    },
  },
} as const;

const validateUsersFile = new Ajv({ allErrors: true }).compile<UsersFileContent>(usersFileSchema);

function checkContent(path: string, content: unknown): StoredAccount[] {
  if (!validateUsersFile(content)) {
    const problems = (validateUsersFile.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message}`);
    throw new UsersFileError(`${path}: ${problems.join('; ')}`);
  }
  const seen = new Set<string>();
  for (const account of content.accounts) {
    if (seen.has(account.username)) throw new UsersFileError(`${path}: account "${account.username}" appears twice`);
    seen.add(account.username);
    if (account.mechanisms.includes('session') && !isSessionTypeUsername(account.username)) {
      throw new UsersFileError(`${path}: "${account.username}" may not use sessions (session-type usernames contain a colon)`);
    }
  }
  return content.accounts;
}

/** The accounts of the file, or undefined when there is no file yet. */
export async function readUsersFile(path: string): Promise<StoredAccount[] | undefined> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let content: unknown;
  try {
    content = JSON.parse(text);
  } catch {
    // The parser's message quotes the file; it stays out of logs.
    throw new UsersFileError(`${path}: not valid JSON`);
  }
  return checkContent(path, content);
}

export async function writeUsersFile(path: string, accounts: StoredAccount[]): Promise<void> {
  const content: UsersFileContent = { version: 1, accounts };
  await mkdir(dirname(path), { recursive: true });
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`);
  // Owner-only: the hashes are not secrets in themselves, but offline guessing needs them.
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(`${JSON.stringify(content, null, 2)}\n`);
    // Flushed before the rename, so a crash leaves the old file or the new one, never an empty one.
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
