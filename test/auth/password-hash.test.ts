import { createRequire, syncBuiltinESMExports } from 'node:module';
import t from 'tap';
import { hashPassword, verifyPassword } from '../../src/auth/password-hash.js';
import { cheapScrypt } from '../helpers/auth-fixtures.js';

t.test('the stored hash keeps its salt and scrypt parameters and verifies only the right password', async (t) => {
  const hash = await hashPassword('s3cret password', cheapScrypt);
  t.match(hash, { algorithm: 'scrypt', N: 1024, r: 8, p: 1, keyLength: 64, salt: String, hash: String });
  t.equal(await verifyPassword('s3cret password', hash), true);
  t.equal(await verifyPassword('s3cret passworD', hash), false);
  t.not((await hashPassword('s3cret password', cheapScrypt)).salt, hash.salt, 'every hash gets its own salt');
});

t.test('the same password typed in another Unicode normalisation form verifies', async (t) => {
  const hash = await hashPassword('caf\u00e9 au lait', cheapScrypt);
  t.equal(await verifyPassword('cafe\u0301 au lait', hash), true);
});

t.test('a hash made with other parameters verifies with its own parameters', async (t) => {
  const hash = await hashPassword('another password', { N: 2048, r: 4, p: 2, keyLength: 32 });
  t.equal(Buffer.from(hash.hash, 'base64').length, 32);
  t.equal(await verifyPassword('another password', hash), true);
});

t.test('no more than two derivations run at once, and every one of them finishes', async (t) => {
  // The module imported scrypt by name; a patched builtin reaches it through syncBuiltinESMExports.
  const crypto = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  const original = crypto.scrypt;
  let running = 0;
  let most = 0;
  crypto.scrypt = ((...args: unknown[]) => {
    running += 1;
    most = Math.max(most, running);
    const callback = args.pop() as (error: Error | null, key: Buffer) => void;
    (original as (...a: unknown[]) => void)(...args, (error: Error | null, key: Buffer) => {
      running -= 1;
      callback(error, key);
    });
  }) as typeof crypto.scrypt;
  syncBuiltinESMExports();
  t.teardown(() => {
    crypto.scrypt = original;
    syncBuiltinESMExports();
  });
  const hashes = await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`password ${i}`, cheapScrypt)));
  t.equal(hashes.length, 6);
  t.equal(most, 2);
});
