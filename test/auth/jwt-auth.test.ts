import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWTPayload } from 'jose';
import t, { type Test } from 'tap';
import { createAuthenticator, type Authenticator } from '../../src/auth/authenticator.js';
import { ConfigError } from '../../src/config.js';
import { authConfig, writeAccounts } from '../helpers/auth-fixtures.js';

const secret = 'a shared secret of at least thirty-two bytes';
const secretKey = new TextEncoder().encode(secret);

/** `dir` is the test's folder when key files were written there first (each t.testdir() call empties it). */
async function withJwt(t: Test, env: Record<string, string>, dir = t.testdir()): Promise<Authenticator> {
  const config = authConfig(dir, env);
  await writeAccounts(config, [
    { username: 'robot', password: 'robot password', jwt: true },
    { username: 'human', password: 'human password' },
  ]);
  const { authenticator } = await createAuthenticator(config, () => {});
  t.teardown(() => authenticator.close());
  return authenticator;
}

function token(claims: JWTPayload, alg: string, key: CryptoKey | Uint8Array, kid?: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ iat: now, exp: now + 300, ...claims }).setProtectedHeader(kid ? { alg, kid } : { alg }).sign(key);
}

function bearer(jwt: string): { authorization: string } {
  return { authorization: `Bearer ${jwt}` };
}

function unsigned(claims: JWTPayload): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ exp: Math.floor(Date.now() / 1000) + 300, ...claims })}.`;
}

async function refused(t: Test, authenticator: Authenticator, jwt: string, what: string): Promise<void> {
  const error = await authenticator.authenticate(bearer(jwt)).catch((e: unknown) => e);
  t.match(error, { code: 'invalid_basic_auth_error', status: 401 }, what);
  t.notMatch((error as Error).message, jwt, `${what}: the token is not echoed`);
}

t.test('an HS256 token signed with the configured secret authenticates its subject', async (t) => {
  const authenticator = await withJwt(t, { FLEETROUTE_JWT_SECRET: secret });
  const account = await authenticator.authenticate(bearer(await token({ sub: 'robot' }, 'HS256', secretKey)));
  t.equal(account.username, 'robot');
  t.ok(account.mechanisms.has('jwt'));
});

t.test('an RS256 token verifies against a PEM public key given as text', async (t) => {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const authenticator = await withJwt(t, { FLEETROUTE_JWT_PUBLIC_KEY: await exportSPKI(publicKey) });
  t.equal((await authenticator.authenticate(bearer(await token({ sub: 'robot' }, 'RS256', privateKey)))).username, 'robot');
});

t.test('an ES256 token verifies against a PEM public key given as a file path', async (t) => {
  const { publicKey, privateKey } = await generateKeyPair('ES256');
  const dir = t.testdir();
  const path = join(dir, 'key.pem');
  writeFileSync(path, await exportSPKI(publicKey));
  const authenticator = await withJwt(t, { FLEETROUTE_JWT_PUBLIC_KEY: path }, dir);
  t.equal((await authenticator.authenticate(bearer(await token({ sub: 'robot' }, 'ES256', privateKey)))).username, 'robot');
});

t.test('tokens verify against the keys of a JWKS file, chosen by kid', async (t) => {
  const rsa = await generateKeyPair('RS256');
  const ec = await generateKeyPair('ES256');
  const keys = [
    { ...(await exportJWK(rsa.publicKey)), kid: 'rsa-1', alg: 'RS256', use: 'sig' },
    { ...(await exportJWK(ec.publicKey)), kid: 'ec-1', alg: 'ES256', use: 'sig' },
  ];
  const dir = t.testdir();
  const path = join(dir, 'jwks.json');
  writeFileSync(path, JSON.stringify({ keys }));
  const authenticator = await withJwt(t, { FLEETROUTE_JWKS_FILE: path }, dir);
  t.equal((await authenticator.authenticate(bearer(await token({ sub: 'robot' }, 'RS256', rsa.privateKey, 'rsa-1')))).username, 'robot');
  t.equal((await authenticator.authenticate(bearer(await token({ sub: 'robot' }, 'ES256', ec.privateKey, 'ec-1')))).username, 'robot');
  const stranger = await generateKeyPair('RS256');
  await refused(t, authenticator, await token({ sub: 'robot' }, 'RS256', stranger.privateKey, 'rsa-1'), 'a key not in the set');
});

t.test('a token with a bad signature, signed by another key or unsigned is refused', async (t) => {
  const authenticator = await withJwt(t, { FLEETROUTE_JWT_SECRET: secret });
  const good = await token({ sub: 'robot' }, 'HS256', secretKey);
  const [header, payload, signature = ''] = good.split('.');
  const flipped = `${header}.${payload}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
  await refused(t, authenticator, flipped, 'a tampered signature');
  const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'human', exp: 9999999999 })).toString('base64url')}.${signature}`;
  await refused(t, authenticator, forged, 'a payload swapped under a valid signature');
  await refused(t, authenticator, await token({ sub: 'robot' }, 'HS256', new TextEncoder().encode(`${secret} but another`)), 'another secret');
  await refused(t, authenticator, unsigned({ sub: 'robot' }), 'alg none');
});

t.test('an expired token is refused and so is one not valid yet', async (t) => {
  const authenticator = await withJwt(t, { FLEETROUTE_JWT_SECRET: secret });
  const now = Math.floor(Date.now() / 1000);
  await refused(t, authenticator, await token({ sub: 'robot', iat: now - 7200, exp: now - 3600 }, 'HS256', secretKey), 'expired');
  await refused(t, authenticator, await token({ sub: 'robot', nbf: now + 3600 }, 'HS256', secretKey), 'not yet valid');
});

t.test('issuer and audience are checked when configured', async (t) => {
  const authenticator = await withJwt(t, { FLEETROUTE_JWT_SECRET: secret, FLEETROUTE_JWT_ISSUER: 'https://id.example', FLEETROUTE_JWT_AUDIENCE: 'fleetroute' });
  const good = { sub: 'robot', iss: 'https://id.example', aud: 'fleetroute' };
  t.equal((await authenticator.authenticate(bearer(await token(good, 'HS256', secretKey)))).username, 'robot');
  await refused(t, authenticator, await token({ ...good, iss: 'https://evil.example' }, 'HS256', secretKey), 'wrong issuer');
  await refused(t, authenticator, await token({ ...good, aud: 'someone-else' }, 'HS256', secretKey), 'wrong audience');
  await refused(t, authenticator, await token({ sub: 'robot', aud: 'fleetroute' }, 'HS256', secretKey), 'no issuer');
});

t.test('a token whose subject is unknown, missing or not allowed bearer tokens is refused', async (t) => {
  const authenticator = await withJwt(t, { FLEETROUTE_JWT_SECRET: secret });
  await refused(t, authenticator, await token({ sub: 'ghost' }, 'HS256', secretKey), 'unknown subject');
  await refused(t, authenticator, await token({}, 'HS256', secretKey), 'no subject');
  await refused(t, authenticator, await token({ sub: 'human' }, 'HS256', secretKey), 'subject without the jwt mechanism');
});

t.test('an accepted token stops working as soon as its account loses the jwt mechanism', async (t) => {
  const dir = t.testdir();
  const authenticator = await withJwt(t, { FLEETROUTE_JWT_SECRET: secret }, dir);
  const robotToken = await token({ sub: 'robot' }, 'HS256', secretKey);
  t.equal((await authenticator.authenticate(bearer(robotToken))).username, 'robot');
  await writeAccounts(authConfig(dir), [{ username: 'robot', password: 'robot password', jwt: false }]);
  await authenticator.reload();
  await refused(t, authenticator, robotToken, 'after the change');
});

t.test('an HS256 token cannot be forged with the public key as its secret', async (t) => {
  const { publicKey } = await generateKeyPair('RS256');
  const pem = await exportSPKI(publicKey);
  const authenticator = await withJwt(t, { FLEETROUTE_JWT_PUBLIC_KEY: pem });
  await refused(t, authenticator, await token({ sub: 'robot' }, 'HS256', new TextEncoder().encode(pem)), 'algorithm confusion');
});

t.test('garbage after Bearer is refused', async (t) => {
  const authenticator = await withJwt(t, { FLEETROUTE_JWT_SECRET: secret });
  for (const garbage of ['', 'not-a-jwt', 'a.b.c', '....', 'eyJhbGciOiJIUzI1NiJ9.e30']) await refused(t, authenticator, garbage, `"${garbage}"`);
});

t.test('a bearer token is refused when no JWT key is configured', async (t) => {
  const authenticator = await withJwt(t, {});
  await refused(t, authenticator, await token({ sub: 'robot' }, 'HS256', secretKey), 'no key configured');
});

t.test('an unusable key setting stops the start with a configuration error', async (t) => {
  const dir = t.testdir({ 'not-a-key.pem': 'hello', 'empty.json': '{}' });
  const settings: [string, Record<string, string>][] = [
    ['a missing key file', { FLEETROUTE_JWT_PUBLIC_KEY: join(dir, 'missing.pem') }],
    ['a file without a key', { FLEETROUTE_JWT_PUBLIC_KEY: join(dir, 'not-a-key.pem') }],
    ['an Ed25519 key', { FLEETROUTE_JWT_PUBLIC_KEY: await exportSPKI((await generateKeyPair('Ed25519')).publicKey) }],
    ['a P-384 key', { FLEETROUTE_JWT_PUBLIC_KEY: await exportSPKI((await generateKeyPair('ES384')).publicKey) }],
    ['a JWKS file that is not JSON', { FLEETROUTE_JWKS_FILE: join(dir, 'not-a-key.pem') }],
    ['a JWKS file without keys', { FLEETROUTE_JWKS_FILE: join(dir, 'empty.json') }],
  ];
  for (const [what, env] of settings) {
    const error: unknown = await createAuthenticator(authConfig(dir, env), () => {}).then(() => undefined, (e: unknown) => e);
    t.type(error, ConfigError, what);
  }
});

t.test('a token without exp is refused unless the configuration allows it', async (t) => {
  const forever = await token({ sub: 'robot', exp: undefined }, 'HS256', secretKey);
  await refused(t, await withJwt(t, { FLEETROUTE_JWT_SECRET: secret }), forever, 'no exp');
  const lenient = await withJwt(t, { FLEETROUTE_JWT_SECRET: secret, FLEETROUTE_JWT_REQUIRE_EXP: 'false' });
  t.equal((await lenient.authenticate(bearer(forever))).username, 'robot', 'accepted when exp is not required');
});

t.test('the clock tolerance on exp is 30 seconds by default and configurable', async (t) => {
  const now = Math.floor(Date.now() / 1000);
  const lately = await token({ sub: 'robot', exp: now - 15 }, 'HS256', secretKey);
  const longAgo = await token({ sub: 'robot', exp: now - 60 }, 'HS256', secretKey);
  const tolerant = await withJwt(t, { FLEETROUTE_JWT_SECRET: secret });
  t.equal((await tolerant.authenticate(bearer(lately))).username, 'robot', 'expired 15 s ago is within the default tolerance');
  await refused(t, tolerant, longAgo, 'expired a minute ago');
  await refused(t, await withJwt(t, { FLEETROUTE_JWT_SECRET: secret, FLEETROUTE_JWT_CLOCK_TOLERANCE_SECONDS: '0' }), lately, 'no tolerance');
});
