import t, { type Test } from 'tap';
import { createAuthenticator, type Authenticator } from '../../src/auth/authenticator.js';
import { MemorySessionStore } from '../../src/auth/memory-session-store.js';
import { authConfig, basicHeader, writeAccounts } from '../helpers/auth-fixtures.js';

const idleSeconds = 60;

async function setUp(t: Test): Promise<{ authenticator: Authenticator; clock: { now: number } }> {
  const config = authConfig(t.testdir(), { FLEETROUTE_SESSION_IDLE_SECONDS: String(idleSeconds) });
  await writeAccounts(config, [
    { username: 'acme:main', password: 'acme password' },
    { username: 'dispatch', password: 'dispatch password' },
  ]);
  const clock = { now: 1_000_000 };
  const sessionStore = new MemorySessionStore(() => clock.now);
  const { authenticator } = await createAuthenticator(config, () => {}, { sessionStore });
  t.teardown(() => authenticator.close());
  return { authenticator, clock };
}

const login = { username: 'acme:main', password: 'acme password', application: 'session' };

t.test('a login with right credentials returns a session id that authenticates the account', async (t) => {
  const { authenticator } = await setUp(t);
  const { sessionId, account } = await authenticator.login(login);
  t.match(sessionId, /^[A-Za-z0-9_-]{43}$/, '32 random bytes in base64url');
  t.equal(account.username, 'acme:main');
  t.equal((await authenticator.authenticate({ sessionId })).username, 'acme:main');
});

t.test('every login gets a new session id', async (t) => {
  const { authenticator } = await setUp(t);
  const first = await authenticator.login(login);
  const second = await authenticator.login(login);
  t.not(first.sessionId, second.sessionId);
  t.equal((await authenticator.authenticate({ sessionId: first.sessionId })).username, 'acme:main');
});

t.test('a login with a wrong password or an unknown username is invalid_basic_auth_error', async (t) => {
  const { authenticator } = await setUp(t);
  for (const body of [{ ...login, password: 'wrong password' }, { ...login, username: 'ghost:main' }]) {
    const error = await authenticator.login(body).catch((e: unknown) => e);
    t.match(error, { code: 'invalid_basic_auth_error', status: 401, message: 'Invalid username or password' }, body.username);
  }
});

t.test('an account whose username has no colon cannot log in for a session', async (t) => {
  const { authenticator } = await setUp(t);
  await t.rejects(authenticator.login({ username: 'dispatch', password: 'dispatch password', application: 'session' }), {
    code: 'invalid_basic_auth_error',
    message: /may not use sessions/,
  });
});

t.test('a malformed login body is a validation_failed_error listing every fault', async (t) => {
  const { authenticator } = await setUp(t);
  const error = await authenticator.login({ username: 7, password: null, application: 'web' }).catch((e: unknown) => e);
  t.match(error, {
    code: 'validation_failed_error',
    status: 400,
    message: '3 validation errors found',
    extra: { validation_failures_count: 3 },
    errors: [
      { property: 'request.username', code: 'invalid_type_error', status_code: '400' },
      { property: 'request.password', code: 'null_value_error' },
      { property: 'request.application', code: 'invalid_enum_value_error', attempted_value: 'web' },
    ],
  });
  for (const body of [undefined, null, 'text', [login]]) {
    await t.rejects(authenticator.login(body), { code: 'validation_failed_error', errors: [{ property: 'request' }] }, JSON.stringify(body));
  }
  await t.rejects(authenticator.login({}), { errors: [{ property: 'request.username' }, { property: 'request.password' }, { property: 'request.application' }] });
});

t.test('a validation error never echoes the password', async (t) => {
  const { authenticator } = await setUp(t);
  const error = await authenticator.login({ username: 'acme:main', password: 'acme password', application: 'web' }).catch((e: unknown) => e);
  t.notMatch(JSON.stringify(error), 'acme password');
  t.notMatch(JSON.stringify((error as { errors: unknown }).errors), 'acme password');
});

t.test('a session expires after the configured idle time', async (t) => {
  const { authenticator, clock } = await setUp(t);
  const { sessionId } = await authenticator.login(login);
  clock.now += idleSeconds * 1000 - 1;
  t.equal((await authenticator.authenticate({ sessionId })).username, 'acme:main', 'still alive just before the idle time');
  clock.now += idleSeconds * 1000;
  await t.rejects(authenticator.authenticate({ sessionId }), { code: 'invalid_session_id_error', status: 401 });
});

t.test('each use of a session extends its life by the idle time', async (t) => {
  const { authenticator, clock } = await setUp(t);
  const { sessionId } = await authenticator.login(login);
  for (let i = 0; i < 5; i++) {
    clock.now += (idleSeconds * 1000 * 3) / 4;
    t.equal((await authenticator.authenticate({ sessionId })).username, 'acme:main', `use ${i + 1}`);
  }
});

t.test('an expired session stays expired after later logins of others', async (t) => {
  const { authenticator, clock } = await setUp(t);
  const { sessionId } = await authenticator.login(login);
  clock.now += idleSeconds * 1000 + 1;
  await authenticator.login(login);
  await t.rejects(authenticator.authenticate({ sessionId }), { code: 'invalid_session_id_error' });
});

t.test('an unknown or malformed session id is invalid_session_id_error', async (t) => {
  const { authenticator } = await setUp(t);
  for (const sessionId of ['', 'short', 'A'.repeat(43), '../../etc/passwd', `${'A'.repeat(42)}=`]) {
    await t.rejects(authenticator.authenticate({ sessionId }), { code: 'invalid_session_id_error' }, JSON.stringify(sessionId));
  }
});

t.test('a session of an account that was removed stops working', async (t) => {
  const config = authConfig(t.testdir());
  await writeAccounts(config, [{ username: 'acme:main', password: 'acme password' }]);
  const { authenticator } = await createAuthenticator(config, () => {});
  t.teardown(() => authenticator.close());
  const { sessionId } = await authenticator.login(login);
  await writeAccounts(config, [{ username: 'other:main', password: 'other password' }]);
  await authenticator.reload();
  await t.rejects(authenticator.authenticate({ sessionId }), { code: 'invalid_session_id_error' });
});

t.test('the Authorization header wins over a session id', async (t) => {
  const { authenticator } = await setUp(t);
  const { sessionId } = await authenticator.login(login);
  const viaBasic = await authenticator.authenticate({ authorization: basicHeader('dispatch', 'dispatch password'), sessionId });
  t.equal(viaBasic.username, 'dispatch');
  await t.rejects(authenticator.authenticate({ authorization: basicHeader('dispatch', 'wrong'), sessionId }), { code: 'invalid_basic_auth_error' });
});

t.test('no credentials at all is authentication_required_error', async (t) => {
  const { authenticator } = await setUp(t);
  await t.rejects(authenticator.authenticate({}), { code: 'authentication_required_error', status: 401 });
  await t.rejects(authenticator.authenticate({ authorization: undefined, sessionId: undefined }), { code: 'authentication_required_error' });
});
