/**
 * `fleetroute users add|remove|list`: manages the users file. A running server notices the change by itself.
 * The new password comes from `--password`, else FLEETROUTE_NEW_PASSWORD, else the first line of stdin
 * (the last two keep it out of the process list and the shell history).
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import type { Config } from '../config.js';
import { mechanismsFor, newAccountUid, usernameProblem } from '../auth/account.js';
import { hashPassword } from '../auth/password-hash.js';
import { readUsersFile, UsersFileError, writeUsersFile, type StoredAccount } from '../auth/users-file.js';

export interface UsersCommandIo {
  env: NodeJS.ProcessEnv;
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
}

type Output = (line: string) => void;

const usage = [
  'usage: fleetroute users add NAME [--password P] [--jwt]   (password also from FLEETROUTE_NEW_PASSWORD or stdin)',
  '       fleetroute users remove NAME',
  '       fleetroute users list',
  'Usernames with a colon (acme:main) are session-type accounts; --jwt also allows bearer tokens.',
];

const minimumPasswordLength = 8;

class CommandFailure extends Error {
  constructor(message: string, readonly exitCode: number) {
    super(message);
  }
}

async function firstLine(stdin: UsersCommandIo['stdin'], out: Output): Promise<string> {
  if (stdin.isTTY) out('password (visible as you type; prefer FLEETROUTE_NEW_PASSWORD or a pipe):');
  const lines = createInterface({ input: stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

async function newPassword(flag: string | undefined, io: UsersCommandIo, out: Output): Promise<string> {
  const password = flag ?? io.env.FLEETROUTE_NEW_PASSWORD ?? (await firstLine(io.stdin, out));
  if (password.length < minimumPasswordLength) throw new CommandFailure(`the password needs at least ${minimumPasswordLength} characters`, 1);
  return password;
}

function requireName(name: string | undefined): string {
  if (name === undefined) throw new CommandFailure(usage.join('\n'), 2);
  return name;
}

async function add(config: Config, name: string, options: { password?: string; jwt?: boolean }, io: UsersCommandIo, out: Output): Promise<void> {
  const problem = usernameProblem(name);
  if (problem) throw new CommandFailure(problem, 1);
  const accounts = (await readUsersFile(config.usersFile)) ?? [];
  if (accounts.some((account) => account.username === name)) {
    throw new CommandFailure(`account ${name} already exists; remove it first to change it`, 1);
  }
  const password = await newPassword(options.password, io, out);
  const mechanisms = mechanismsFor(name, { jwt: options.jwt === true });
  await writeUsersFile(config.usersFile, [...accounts, { username: name, uid: newAccountUid(), mechanisms, password: await hashPassword(password) }]);
  out(`added ${name} (${mechanisms.join(', ')})`);
  if (name === config.bootstrapUsername) out(`note: ${name} is also the bootstrap account; the environment's password wins while it is set`);
}

async function remove(config: Config, name: string, out: Output): Promise<void> {
  const accounts = (await readUsersFile(config.usersFile)) ?? [];
  const remaining = accounts.filter((account) => account.username !== name);
  if (remaining.length === accounts.length) throw new CommandFailure(`no account ${name} in ${config.usersFile}`, 1);
  await writeUsersFile(config.usersFile, remaining);
  out(`removed ${name}`);
}

function describe(account: Pick<StoredAccount, 'username' | 'mechanisms'>): string {
  return `${account.username}\t${account.mechanisms.join(', ')}`;
}

async function list(config: Config, out: Output): Promise<void> {
  const accounts = (await readUsersFile(config.usersFile)) ?? [];
  for (const account of accounts) out(describe(account));
  if (config.bootstrapUsername !== undefined) {
    const mechanisms = mechanismsFor(config.bootstrapUsername, { jwt: true });
    out(`${describe({ username: config.bootstrapUsername, mechanisms })}\t(bootstrap, from the environment)`);
  }
  if (accounts.length === 0 && config.bootstrapUsername === undefined) out(`no accounts in ${config.usersFile}`);
}

/** Runs one subcommand; the answer is the process exit code (0 done, 1 refused, 2 usage error). */
export async function runUsersCommand(
  args: string[],
  config: Config,
  out: Output,
  io: UsersCommandIo = { env: process.env, stdin: process.stdin },
): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args,
      options: { password: { type: 'string' }, jwt: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
    const [action, name, ...extra] = positionals;
    if (extra.length > 0) throw new CommandFailure(usage.join('\n'), 2);
    if (action === 'add') await add(config, requireName(name), values, io, out);
    else if (action === 'remove') await remove(config, requireName(name), out);
    else if (action === 'list' && name === undefined) await list(config, out);
    else throw new CommandFailure(usage.join('\n'), 2);
    return 0;
  } catch (error) {
    if (error instanceof CommandFailure) {
      out(error.message);
      return error.exitCode;
    }
    if (error instanceof UsersFileError) {
      out(error.message);
      return 1;
    }
    if ((error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS')) {
      out(`${(error as Error).message}\n${usage.join('\n')}`);
      return 2;
    }
    throw error;
  }
}
