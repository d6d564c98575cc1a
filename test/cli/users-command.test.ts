import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import t from 'tap';
import { verifyPassword } from '../../src/auth/password-hash.js';
import { runUsersCommand, type UsersCommandIo } from '../../src/cli/users-command.js';
import { readUsersFile } from '../../src/auth/users-file.js';
import type { Config } from '../../src/config.js';
import { authConfig } from '../helpers/auth-fixtures.js';

function noInput(env: Record<string, string> = {}): UsersCommandIo {
  return { env, stdin: Readable.from([]) };
}

async function run(config: Config, args: string[], io: UsersCommandIo = noInput()): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runUsersCommand(args, config, (line) => lines.push(line), io);
  return { code, lines };
}

async function storedPassword(config: Config, username: string) {
  const account = (await readUsersFile(config.usersFile))?.find((a) => a.username === username);
  if (!account) throw new Error(`${username} is not in the users file`);
  return account.password;
}

t.test('users add stores a scrypt hash that verifies the given password', async (t) => {
  const config = authConfig(t.testdir());
  const { code, lines } = await run(config, ['add', 'dispatch', '--password', 'long enough password']);
  t.equal(code, 0);
  t.same(lines, ['added dispatch (basic)']);
  t.equal(await verifyPassword('long enough password', await storedPassword(config, 'dispatch')), true);
  t.notMatch(readFileSync(config.usersFile, 'utf8'), 'long enough password', 'the password itself is not stored');
});

t.test('users add gives sessions to colon usernames and bearer tokens with --jwt', async (t) => {
  const config = authConfig(t.testdir());
  t.same((await run(config, ['add', 'acme:main', '--password', 'password one'])).lines, ['added acme:main (basic, session)']);
  t.same((await run(config, ['add', 'robot', '--jwt', '--password', 'password two'])).lines, ['added robot (basic, jwt)']);
  t.same((await readUsersFile(config.usersFile))?.map((a) => a.mechanisms), [['basic', 'session'], ['basic', 'jwt']]);
});

t.test('users add takes the password from FLEETROUTE_NEW_PASSWORD, else from the first line of stdin', async (t) => {
  const config = authConfig(t.testdir());
  await run(config, ['add', 'from-env'], noInput({ FLEETROUTE_NEW_PASSWORD: 'environment password' }));
  await run(config, ['add', 'from-stdin'], { env: {}, stdin: Readable.from(['piped password\nsecond line\n']) });
  t.equal(await verifyPassword('environment password', await storedPassword(config, 'from-env')), true);
  t.equal(await verifyPassword('piped password', await storedPassword(config, 'from-stdin')), true);
});

t.test('users add refuses a short password, a bad username and an existing account', async (t) => {
  const config = authConfig(t.testdir());
  t.same(await run(config, ['add', 'shorty', '--password', 'short']), { code: 1, lines: ['the password needs at least 8 characters'] });
  t.equal((await run(config, ['add', 'with space', '--password', 'long enough'])).code, 1);
  t.equal((await run(config, ['add', 'fifty%', '--password', 'long enough'])).code, 1);
  await run(config, ['add', 'taken', '--password', 'first password']);
  const again = await run(config, ['add', 'taken', '--password', 'second password']);
  t.equal(again.code, 1);
  t.match(again.lines[0], /already exists/);
  t.equal(await verifyPassword('first password', await storedPassword(config, 'taken')), true, 'the first password stays');
});

t.test('users remove deletes the account and refuses an unknown one', async (t) => {
  const config = authConfig(t.testdir());
  await run(config, ['add', 'leaving', '--password', 'long enough']);
  await run(config, ['add', 'staying', '--password', 'long enough']);
  t.same(await run(config, ['remove', 'leaving']), { code: 0, lines: ['removed leaving'] });
  t.same((await readUsersFile(config.usersFile))?.map((a) => a.username), ['staying']);
  t.equal((await run(config, ['remove', 'leaving'])).code, 1);
});

t.test('users list shows usernames and mechanisms, the bootstrap account, and never a hash', async (t) => {
  const config = authConfig(t.testdir(), { FLEETROUTE_BOOTSTRAP_USERNAME: 'ops:root', FLEETROUTE_BOOTSTRAP_PASSWORD: 'bootstrap pw' });
  await run(config, ['add', 'acme:main', '--password', 'long enough']);
  const { code, lines } = await run(config, ['list']);
  t.equal(code, 0);
  t.same(lines, ['acme:main\tbasic, session', 'ops:root\tbasic, jwt, session\t(bootstrap, from the environment)']);
  const { hash, salt } = await storedPassword(config, 'acme:main');
  t.notMatch(lines.join('\n'), hash);
  t.notMatch(lines.join('\n'), salt);
});

t.test('users list says so when there are no accounts', async (t) => {
  const config = authConfig(t.testdir());
  t.same(await run(config, ['list']), { code: 0, lines: [`no accounts in ${config.usersFile}`] });
});

t.test('a wrong subcommand, a missing name or an unknown flag prints the usage with exit code 2', async (t) => {
  const config = authConfig(t.testdir());
  for (const args of [[], ['rename', 'x'], ['add'], ['remove'], ['list', 'extra'], ['add', 'x', '--admin']]) {
    const { code, lines } = await run(config, args);
    t.equal(code, 2, args.join(' '));
    t.match(lines.join('\n'), /usage: fleetroute users add/, args.join(' '));
  }
});
