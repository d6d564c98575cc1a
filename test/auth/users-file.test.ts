import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { hashPassword } from '../../src/auth/password-hash.js';
import { readUsersFile, UsersFileError, writeUsersFile, type StoredAccount } from '../../src/auth/users-file.js';
import { cheapScrypt } from '../helpers/auth-fixtures.js';

async function account(username: string, mechanisms: StoredAccount['mechanisms']): Promise<StoredAccount> {
  return { username, mechanisms, password: await hashPassword('a password', cheapScrypt) };
}

t.test('accounts written to the users file read back identical', async (t) => {
  const path = join(t.testdir(), 'users.json');
  const accounts = [await account('admin', ['basic', 'jwt']), await account('acme:main', ['basic', 'session'])];
  await writeUsersFile(path, accounts);
  t.same(await readUsersFile(path), accounts);
});

t.test('a missing users file reads as no file rather than as an error', async (t) => {
  t.equal(await readUsersFile(join(t.testdir(), 'users.json')), undefined);
});

t.test('the users file is readable by its owner only', async (t) => {
  const path = join(t.testdir(), 'users.json');
  await writeUsersFile(path, [await account('admin', ['basic'])]);
  t.equal(statSync(path).mode & 0o777, 0o600);
});

t.test('a write replaces the file by a rename and leaves no temporary file', async (t) => {
  const dir = t.testdir();
  const path = join(dir, 'users.json');
  await writeUsersFile(path, [await account('first', ['basic'])]);
  const before = statSync(path).ino;
  await writeUsersFile(path, [await account('second', ['basic'])]);
  t.not(statSync(path).ino, before, 'a new file took the old one\'s place instead of being rewritten in place');
  t.same(readdirSync(dir), ['users.json']);
});

t.test('a write that cannot complete leaves no temporary file behind', async (t) => {
  const dir = t.testdir();
  const path = join(dir, 'users.json');
  mkdirSync(path);
  await t.rejects(writeUsersFile(path, [await account('admin', ['basic'])]));
  t.same(readdirSync(dir), ['users.json']);
});

t.test('a broken users file is refused with the reason', async (t) => {
  const dir = t.testdir();
  const path = join(dir, 'users.json');
  const good = await account('admin', ['basic']);
  const cases: [string, unknown, RegExp][] = [
    ['not JSON', '{"version": 1, "accounts": [', /not valid JSON/],
    ['wrong version', { version: 2, accounts: [] }, /version/],
    ['an account without basic', { version: 1, accounts: [{ ...good, mechanisms: ['jwt'] }] }, /mechanisms/],
    ['an unknown mechanism', { version: 1, accounts: [{ ...good, mechanisms: ['basic', 'kerberos'] }] }, /mechanisms/],
    ['a duplicate account', { version: 1, accounts: [good, good] }, /appears twice/],
    ['sessions for a username without colon', { version: 1, accounts: [{ ...good, mechanisms: ['basic', 'session'] }] }, /may not use sessions/],
    ['a username with a space', { version: 1, accounts: [{ ...good, username: 'a b' }] }, /username/],
    ['a hash without salt', { version: 1, accounts: [{ ...good, password: { ...good.password, salt: undefined } }] }, /salt/],
  ];
  for (const [what, content, reason] of cases) {
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    const error: unknown = await readUsersFile(path).then(() => undefined, (e: unknown) => e);
    t.type(error, UsersFileError, what);
    t.match((error as Error | undefined)?.message, reason, what);
  }
});
