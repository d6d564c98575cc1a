import { existsSync, writeFileSync } from 'node:fs';
import t from 'tap';
import { createAuthenticator } from '../../src/auth/authenticator.js';
import { readUsersFile } from '../../src/auth/users-file.js';
import { ConfigError } from '../../src/config.js';
import { authConfig, basicHeader, writeAccounts } from '../helpers/auth-fixtures.js';

t.test('the first start without users file or bootstrap creates an admin and reveals its password once', async (t) => {
  const config = authConfig(t.testdir());
  const logged: string[] = [];
  const first = await createAuthenticator(config, (line) => logged.push(line));
  t.teardown(() => first.authenticator.close());
  t.equal(first.createdAdmin?.username, 'admin');
  const password = first.createdAdmin?.password ?? '';
  t.ok(password.length >= 20, 'a long random password');
  const admin = await first.authenticator.authenticate({ authorization: basicHeader('admin', password) });
  t.same([...admin.mechanisms], ['basic', 'jwt']);
  t.same((await readUsersFile(config.usersFile))?.map((a) => a.username), ['admin']);
  t.notMatch(logged.join('\n'), password, 'the password is returned, not logged');

  const second = await createAuthenticator(config, () => {});
  t.teardown(() => second.authenticator.close());
  t.equal(second.createdAdmin, undefined, 'the next start finds the file and creates nothing');
});

t.test('two first starts never give the same admin password', async (t) => {
  const one = await createAuthenticator(authConfig(t.testdir()), () => {});
  t.teardown(() => one.authenticator.close());
  const other = await createAuthenticator(authConfig(`${t.testdir()}/other`), () => {});
  t.teardown(() => other.authenticator.close());
  t.not(one.createdAdmin?.password, other.createdAdmin?.password);
});

t.test('the bootstrap account works with Basic and JWT and is not written to the users file', async (t) => {
  const config = authConfig(t.testdir(), { FLEETROUTE_BOOTSTRAP_USERNAME: 'ops', FLEETROUTE_BOOTSTRAP_PASSWORD: 'ops password' });
  const { authenticator, createdAdmin } = await createAuthenticator(config, () => {});
  t.teardown(() => authenticator.close());
  t.equal(createdAdmin, undefined, 'no admin is created when a bootstrap account exists');
  const account = await authenticator.authenticate({ authorization: basicHeader('ops', 'ops password') });
  t.same([...account.mechanisms], ['basic', 'jwt']);
  t.notOk(existsSync(config.usersFile));
});

t.test('a bootstrap account with a colon may also use sessions', async (t) => {
  const config = authConfig(t.testdir(), { FLEETROUTE_BOOTSTRAP_USERNAME: 'ops:root', FLEETROUTE_BOOTSTRAP_PASSWORD: 'ops password' });
  const { authenticator } = await createAuthenticator(config, () => {});
  t.teardown(() => authenticator.close());
  const { sessionId, account } = await authenticator.login({ username: 'ops:root', password: 'ops password', application: 'session' });
  t.same([...account.mechanisms], ['basic', 'jwt', 'session']);
  t.equal((await authenticator.authenticate({ sessionId })).username, 'ops:root');
});

t.test('the bootstrap password of the environment wins over a file account of the same name', async (t) => {
  const config = authConfig(t.testdir(), { FLEETROUTE_BOOTSTRAP_USERNAME: 'ops', FLEETROUTE_BOOTSTRAP_PASSWORD: 'environment password' });
  await writeAccounts(config, [{ username: 'ops', password: 'file password' }, { username: 'dispatch', password: 'dispatch password' }]);
  const { authenticator } = await createAuthenticator(config, () => {});
  t.teardown(() => authenticator.close());
  t.equal((await authenticator.authenticate({ authorization: basicHeader('ops', 'environment password') })).username, 'ops');
  await t.rejects(authenticator.authenticate({ authorization: basicHeader('ops', 'file password') }), { code: 'invalid_basic_auth_error' });
  t.equal((await authenticator.authenticate({ authorization: basicHeader('dispatch', 'dispatch password') })).username, 'dispatch');
});

t.test('a bootstrap username that Basic cannot carry stops the start', async (t) => {
  const config = authConfig(t.testdir(), { FLEETROUTE_BOOTSTRAP_USERNAME: 'ops team', FLEETROUTE_BOOTSTRAP_PASSWORD: 'ops password' });
  const error: unknown = await createAuthenticator(config, () => {}).then(() => undefined, (e: unknown) => e);
  t.type(error, ConfigError);
});

t.test('an empty users file is logged as having no accounts', async (t) => {
  const config = authConfig(t.testdir());
  await writeAccounts(config, []);
  const logged: string[] = [];
  const { authenticator, createdAdmin } = await createAuthenticator(config, (line) => logged.push(line));
  t.teardown(() => authenticator.close());
  t.equal(createdAdmin, undefined);
  t.match(logged, [/no accounts/]);
});

t.test('a broken users file found by the watcher is logged and the previous accounts stay', async (t) => {
  const config = authConfig(t.testdir());
  await writeAccounts(config, [{ username: 'dispatch', password: 'dispatch password' }]);
  const logged: string[] = [];
  const { authenticator } = await createAuthenticator(config, (line) => logged.push(line));
  t.teardown(() => authenticator.close());
  writeFileSync(config.usersFile, '{"version": 1, "accounts": [ {"username": "dispatch", "password": "plain text"');
  const deadline = Date.now() + 5000;
  while (!logged.some((line) => line.includes('not reloaded')) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  t.match(logged, [/users file not reloaded, keeping the previous accounts: .*not valid JSON/]);
  t.notMatch(logged.join('\n'), 'plain text', 'the file content is not logged');
  t.equal((await authenticator.authenticate({ authorization: basicHeader('dispatch', 'dispatch password') })).username, 'dispatch');
});
