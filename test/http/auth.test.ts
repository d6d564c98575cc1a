/** The whole authentication matrix through real HTTP: every mechanism, good and bad, and the login service. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, type JWTPayload } from 'jose';
import t, { type Test } from 'tap';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { authConfig, basicHeader, writeAccounts } from '../helpers/auth-fixtures.js';

const jwtSecret = 'a shared secret of at least thirty-two bytes';
const idleSeconds = 3;
const sessionAccount = { username: 'acme:main', password: 'acme password' };
const login = { ...sessionAccount, application: 'session' };

let server: TestServer;
let accountsDir: string;
t.before(async () => {
  accountsDir = mkdtempSync(join(tmpdir(), 'fleetroute-auth-'));
  const usersFile = join(accountsDir, 'users.json');
  await writeAccounts(authConfig(accountsDir, { FLEETROUTE_USERS_FILE: usersFile }), [
    { ...sessionAccount },
    { username: 'robot', password: 'robot password', jwt: true },
    { username: 'dispatch', password: 'dispatch password' },
  ]);
  server = await startTestServer({
    env: { FLEETROUTE_USERS_FILE: usersFile, FLEETROUTE_JWT_SECRET: jwtSecret, FLEETROUTE_SESSION_IDLE_SECONDS: String(idleSeconds) },
  });
});
t.teardown(async () => {
  await server.close();
  rmSync(accountsDir, { recursive: true, force: true });
});

function version(headers: Record<string, string> = {}): Promise<Response> {
  return server.request('/v1/version', { auth: false, headers });
}

async function expectStatus(t: Test, response: Response, status: number, errorCode?: string): Promise<void> {
  t.equal(response.status, status);
  if (errorCode === undefined) return;
  t.match(await response.json(), { status_code: status, error_code: errorCode, message: String });
}

function jwt(claims: JWTPayload, secret = jwtSecret): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ exp: now + 300, ...claims }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(secret));
}

async function logIn(): Promise<{ sessionId: string; cookie: string | null }> {
  const response = await server.request('/auth/login', { auth: false, method: 'POST', json: login });
  const body = (await response.json()) as { sessionId: string };
  return { sessionId: body.sessionId, cookie: response.headers.get('set-cookie') };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

t.test('a request without credentials is 401 authentication_required_error', async (t) => {
  await expectStatus(t, await version(), 401, 'authentication_required_error');
});

t.test('the public endpoints need no credentials', async (t) => {
  t.equal((await server.request('/health', { auth: false })).status, 200);
  t.equal((await server.request('/docs/json', { auth: false })).status, 200);
});

t.test('Basic with the right password is let in; a wrong one is 401 invalid_basic_auth_error', async (t) => {
  await expectStatus(t, await version({ authorization: basicHeader('dispatch', 'dispatch password') }), 200);
  await expectStatus(t, await version({ authorization: basicHeader('dispatch', 'wrong password') }), 401, 'invalid_basic_auth_error');
  await expectStatus(t, await version({ authorization: basicHeader('nobody', 'dispatch password') }), 401, 'invalid_basic_auth_error');
});

t.test('a session-type username arrives in Basic with its colon as %3A', async (t) => {
  await expectStatus(t, await version({ authorization: basicHeader('acme%3Amain', 'acme password') }), 200);
});

t.test('malformed Authorization contents are 401 invalid_basic_auth_error', async (t) => {
  const headers = [
    'Basic !!!notbase64',
    `Basic ${Buffer.from('no colon here').toString('base64')}`,
    'Basic',
    'Negotiate abc',
    'Bearer not.a.jwt',
  ];
  for (const authorization of headers) await expectStatus(t, await version({ authorization }), 401, 'invalid_basic_auth_error');
});

t.test('a valid bearer token of a jwt-capable account is let in', async (t) => {
  await expectStatus(t, await version({ authorization: `Bearer ${await jwt({ sub: 'robot' })}` }), 200);
});

t.test('expired, unsigned, foreign and unauthorised bearer tokens are 401 invalid_basic_auth_error', async (t) => {
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: 'robot' })).toString('base64url')}.`;
  const tokens = {
    expired: await jwt({ sub: 'robot', exp: now - 3600 }),
    'not yet valid': await jwt({ sub: 'robot', nbf: now + 3600 }),
    'alg none': unsigned,
    'another secret': await jwt({ sub: 'robot' }, `${jwtSecret}, but another`),
    'an account without the jwt mechanism': await jwt({ sub: 'dispatch' }),
    'an unknown subject': await jwt({ sub: 'ghost' }),
  };
  for (const [what, token] of Object.entries(tokens)) {
    t.test(what, async (t) => expectStatus(t, await version({ authorization: `Bearer ${token}` }), 401, 'invalid_basic_auth_error'));
  }
});

t.test('every 401 names Basic and, with bearer tokens configured, Bearer in WWW-Authenticate', async (t) => {
  const failures = {
    'no credentials': await version(),
    'a wrong password': await version({ authorization: basicHeader('dispatch', 'wrong password') }),
    'a bad token': await version({ authorization: 'Bearer not-a-token' }),
    'an unknown session': await version({ 'x-service-session-id': 'no-such-session' }),
    'a failed login': await server.request('/auth/login', { auth: false, method: 'POST', json: { ...login, password: 'wrong password' } }),
  };
  for (const [what, response] of Object.entries(failures)) {
    t.equal(response.status, 401, what);
    t.equal(response.headers.get('www-authenticate'), 'Basic realm="fleetroute", charset="UTF-8", Bearer realm="fleetroute"', what);
  }
  t.equal((await version({ authorization: basicHeader('dispatch', 'dispatch password') })).headers.get('www-authenticate'), null,
    'a successful request has no challenge');
});

t.test('without bearer tokens configured, a 401 offers Basic only', async (t) => {
  const plain = await startTestServer();
  t.teardown(() => plain.close());
  const response = await plain.request('/v1/version', { auth: false });
  t.equal(response.status, 401);
  t.equal(response.headers.get('www-authenticate'), 'Basic realm="fleetroute", charset="UTF-8"');
});

t.test('a login answers a session id and sets the session cookie', async (t) => {
  const response = await server.request('/auth/login', { auth: false, method: 'POST', json: login });
  t.equal(response.status, 200);
  const body = (await response.json()) as { success: boolean; sessionId: string };
  t.same(Object.keys(body).sort(), ['sessionId', 'success']);
  t.equal(body.success, true);
  t.match(body.sessionId, /^[A-Za-z0-9_-]{43}$/);
  const cookie = response.headers.get('set-cookie') ?? '';
  t.match(cookie, `fleetroute_session=${body.sessionId}`);
  t.match(cookie, /HttpOnly/i);
  t.match(cookie, /SameSite=Lax/i);
  t.match(cookie, /Path=\//);
});

t.test('a failed login is 401 with success false and an error_response', async (t) => {
  const response = await server.request('/auth/login', { auth: false, method: 'POST', json: { ...login, password: 'wrong password' } });
  t.equal(response.status, 401);
  t.same(await response.json(), { success: false, status_code: 401, error_code: 'invalid_basic_auth_error', message: 'Invalid username or password' });
  t.notOk(response.headers.get('set-cookie'), 'no cookie for a failed login');
});

t.test('a login of an account that may not use sessions is refused', async (t) => {
  const response = await server.request('/auth/login', { auth: false, method: 'POST', json: { username: 'dispatch', password: 'dispatch password', application: 'session' } });
  t.equal(response.status, 401);
  t.match(await response.json(), { success: false, error_code: 'invalid_basic_auth_error' });
});

t.test('a malformed login body is 400 validation_failed_error with every fault', async (t) => {
  const response = await server.request('/auth/login', { auth: false, method: 'POST', json: { username: '', application: 'web' } });
  t.equal(response.status, 400);
  t.match(await response.json(), {
    success: false,
    error_code: 'validation_failed_error',
    extra_error_information: { validation_failures_count: 3 },
    errors: [{ property: 'request.password', code: 'missing_field_error' }, { property: 'request.username' }, { property: 'request.application', code: 'invalid_enum_value_error' }],
  });
});

t.test('the session id is accepted in X-Service-Session-Id and in the cookie', async (t) => {
  const { sessionId } = await logIn();
  await expectStatus(t, await version({ 'x-service-session-id': sessionId }), 200);
  await expectStatus(t, await version({ cookie: `fleetroute_session=${sessionId}` }), 200);
});

t.test('an unknown session id is 401 invalid_session_id_error, in the header or the cookie', async (t) => {
  const unknown = 'A'.repeat(43);
  await expectStatus(t, await version({ 'x-service-session-id': unknown }), 401, 'invalid_session_id_error');
  await expectStatus(t, await version({ cookie: `fleetroute_session=${unknown}` }), 401, 'invalid_session_id_error');
  await expectStatus(t, await version({ 'x-service-session-id': 'garbage' }), 401, 'invalid_session_id_error');
});

t.test('the Authorization header wins over the session id, and the session header over the cookie', async (t) => {
  const { sessionId } = await logIn();
  const badSession = 'B'.repeat(43);
  await expectStatus(t, await version({ authorization: basicHeader('dispatch', 'dispatch password'), 'x-service-session-id': badSession }), 200);
  await expectStatus(t, await version({ authorization: basicHeader('dispatch', 'wrong'), 'x-service-session-id': sessionId }), 401, 'invalid_basic_auth_error');
  await expectStatus(t, await version({ 'x-service-session-id': sessionId, cookie: `fleetroute_session=${badSession}` }), 200);
  await expectStatus(t, await version({ 'x-service-session-id': badSession, cookie: `fleetroute_session=${sessionId}` }), 401, 'invalid_session_id_error');
});

t.test('a session used within its idle time keeps working past it, and expires once left idle', async (t) => {
  const { sessionId } = await logIn();
  // Four uses a second apart span more than the 3 s idle time: each one extends the session.
  for (let use = 0; use < 4; use++) {
    await sleep(1000);
    await expectStatus(t, await version({ 'x-service-session-id': sessionId }), 200);
  }
  await sleep(idleSeconds * 1000 + 500);
  await expectStatus(t, await version({ 'x-service-session-id': sessionId }), 401, 'invalid_session_id_error');
});

t.test('an encoded path cannot reach a /v1/ endpoint without credentials', async (t) => {
  t.equal((await server.request('/%761/version', { auth: false })).status, 401);
});

t.test('a login with broken JSON also answers success false with the validation error', async (t) => {
  const response = await server.request('/auth/login', { auth: false, method: 'POST', body: '{"username": ', headers: { 'content-type': 'application/json' } });
  t.equal(response.status, 400);
  t.match(await response.json(), { success: false, status_code: 400, error_code: 'validation_failed_error', errors: [{ code: 'invalid_json_error' }] });
});
