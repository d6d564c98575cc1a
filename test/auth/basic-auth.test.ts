import t, { type Test } from 'tap';
import { parseBasicCredentials } from '../../src/auth/basic-auth.js';
import { createAuthenticator } from '../../src/auth/authenticator.js';
import { authConfig, basicHeader, countingVerifier, writeAccounts } from '../helpers/auth-fixtures.js';

async function setUp(t: Test) {
  const config = authConfig(t.testdir());
  await writeAccounts(config, [
    { username: 'dispatch', password: 'dispatch password' },
    { username: 'acme:main', password: 'pass:word with colon' },
  ]);
  const counter = countingVerifier();
  const { authenticator } = await createAuthenticator(config, () => {}, { verifyPassword: counter.verifyPassword });
  t.teardown(() => authenticator.close());
  return { config, authenticator, counter };
}

function encoded(text: string): string {
  return `Basic ${Buffer.from(text).toString('base64')}`;
}

t.test('right Basic credentials authenticate the account with its mechanisms', async (t) => {
  const { authenticator } = await setUp(t);
  const account = await authenticator.authenticate({ authorization: basicHeader('dispatch', 'dispatch password') });
  t.equal(account.username, 'dispatch');
  t.same([...account.mechanisms], ['basic']);
});

t.test('a wrong password or an unknown username is invalid_basic_auth_error without echoing the password', async (t) => {
  const { authenticator } = await setUp(t);
  for (const [username, password] of [['dispatch', 'wrong password'], ['nobody', 'dispatch password']] as const) {
    const error = await authenticator.authenticate({ authorization: basicHeader(username, password) }).catch((e: unknown) => e);
    t.match(error, { code: 'invalid_basic_auth_error', status: 401 }, username);
    t.notMatch((error as Error).message, password, username);
  }
});

t.test('a colon sent as %3A is decoded in the username and the password is split at the first colon', async (t) => {
  const { authenticator } = await setUp(t);
  const viaEncoded = await authenticator.authenticate({ authorization: encoded('acme%3Amain:pass:word with colon') });
  t.equal(viaEncoded.username, 'acme:main');
  t.same([...viaEncoded.mechanisms], ['basic', 'session']);
  t.equal((await authenticator.authenticate({ authorization: encoded('acme%3amain:pass:word with colon') })).username, 'acme:main');
});

t.test('%3A in the password is not decoded', (t) => {
  t.same(parseBasicCredentials(Buffer.from('acme%3Amain:a%3Ab').toString('base64')), { username: 'acme:main', password: 'a%3Ab' });
  t.end();
});

t.test('an unencoded colon in the username makes the rest the password', async (t) => {
  const { authenticator } = await setUp(t);
  await t.rejects(authenticator.authenticate({ authorization: encoded('acme:main:pass:word with colon') }), { code: 'invalid_basic_auth_error' });
});

t.test('malformed Basic contents are invalid_basic_auth_error', async (t) => {
  const { authenticator } = await setUp(t);
  const cases = {
    'not base64': 'Basic !!!!',
    'base64 of the wrong length': 'Basic ZGlzcGF0Y2g',
    'no colon': encoded('dispatch'),
    'an empty username': encoded(':dispatch password'),
    'not UTF-8': `Basic ${Buffer.from([0xff, 0xfe, 0x3a, 0x41]).toString('base64')}`,
    'no credentials after the scheme': 'Basic',
    'an empty header': '',
    'an unknown scheme': 'Digest username="dispatch"',
  };
  for (const [what, authorization] of Object.entries(cases)) {
    await t.rejects(authenticator.authenticate({ authorization }), { code: 'invalid_basic_auth_error' }, what);
  }
});

t.test('the scheme name is case-insensitive', async (t) => {
  const { authenticator } = await setUp(t);
  const header = basicHeader('dispatch', 'dispatch password').replace('Basic', 'bASIC');
  t.equal((await authenticator.authenticate({ authorization: header })).username, 'dispatch');
});

t.test('repeated requests with the same credentials run scrypt once', async (t) => {
  const { authenticator, counter } = await setUp(t);
  const authorization = basicHeader('dispatch', 'dispatch password');
  for (let i = 0; i < 5; i++) await authenticator.authenticate({ authorization });
  t.equal(counter.runs(), 1);
});

t.test('concurrent first requests with the same credentials share one scrypt run', async (t) => {
  const { authenticator, counter } = await setUp(t);
  const authorization = basicHeader('dispatch', 'dispatch password');
  const accounts = await Promise.all(Array.from({ length: 8 }, () => authenticator.authenticate({ authorization })));
  t.same(new Set(accounts.map((a) => a.username)), new Set(['dispatch']));
  t.equal(counter.runs(), 1);
});

t.test('a repeated wrong password is refused from the cache too', async (t) => {
  const { authenticator, counter } = await setUp(t);
  const authorization = basicHeader('dispatch', 'wrong password');
  for (let i = 0; i < 3; i++) await t.rejects(authenticator.authenticate({ authorization }), { code: 'invalid_basic_auth_error' });
  t.equal(counter.runs(), 1);
});

t.test('a change of the accounts empties the cache, so a removed account stops working at once', async (t) => {
  const { config, authenticator, counter } = await setUp(t);
  const authorization = basicHeader('dispatch', 'dispatch password');
  await authenticator.authenticate({ authorization });
  await writeAccounts(config, [{ username: 'dispatch', password: 'new password' }]);
  await authenticator.reload();
  await t.rejects(authenticator.authenticate({ authorization }), { code: 'invalid_basic_auth_error' });
  t.equal(counter.runs(), 2, 'the old password was checked again against the new hash');
  t.equal((await authenticator.authenticate({ authorization: basicHeader('dispatch', 'new password') })).username, 'dispatch');
});

t.test('a running authenticator notices a users file changed by another process', async (t) => {
  const { config, authenticator } = await setUp(t);
  await writeAccounts(config, [{ username: 'newcomer', password: 'newcomer password' }]);
  const authorization = basicHeader('newcomer', 'newcomer password');
  const deadline = Date.now() + 5000;
  let account;
  while (!account && Date.now() < deadline) {
    account = await authenticator.authenticate({ authorization }).catch(() => undefined);
    if (!account) await new Promise((resolve) => setTimeout(resolve, 25));
  }
  t.equal(account?.username, 'newcomer');
});
