import t from 'tap';
import { CredentialsCache, type Verdict } from '../../src/auth/credentials-cache.js';

function countingCheck(verdict: () => Verdict | Promise<Verdict>): { check: () => Promise<Verdict>; calls(): number } {
  let calls = 0;
  return {
    check: async () => {
      calls += 1;
      return verdict();
    },
    calls: () => calls,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

t.test('an accepted header is checked once', async (t) => {
  const cache = new CredentialsCache();
  const { check, calls } = countingCheck(() => ({ username: 'dispatch' }));
  for (let i = 0; i < 3; i++) t.same(await cache.verdict('Basic abc', check), { username: 'dispatch' });
  t.equal(calls(), 1);
});

t.test('a refused header is checked once', async (t) => {
  const cache = new CredentialsCache();
  const { check, calls } = countingCheck(() => null);
  for (let i = 0; i < 3; i++) t.equal(await cache.verdict('Basic bad', check), null);
  t.equal(calls(), 1);
});

t.test('a check that throws is tried again next time', async (t) => {
  const cache = new CredentialsCache();
  const { check, calls } = countingCheck(() => {
    throw new Error('bad token');
  });
  await t.rejects(cache.verdict('Bearer x', check), { message: 'bad token' });
  await t.rejects(cache.verdict('Bearer x', check), { message: 'bad token' });
  t.equal(calls(), 2);
});

t.test('credentials that expire are checked again after their expiry', async (t) => {
  const cache = new CredentialsCache();
  const { check, calls } = countingCheck(() => ({ username: 'robot', until: Date.now() + 50 }));
  await cache.verdict('Bearer soon-expired', check);
  await cache.verdict('Bearer soon-expired', check);
  t.equal(calls(), 1, 'cached while valid');
  await sleep(100);
  await cache.verdict('Bearer soon-expired', check);
  t.equal(calls(), 2, 'checked again once expired');
});

t.test('already expired credentials are not cached', async (t) => {
  const cache = new CredentialsCache();
  const { check, calls } = countingCheck(() => ({ username: 'robot', until: Date.now() - 1 }));
  await cache.verdict('Bearer expired', check);
  await cache.verdict('Bearer expired', check);
  t.equal(calls(), 2);
});

t.test('clear forgets every verdict, and a check running during the clear is not kept', async (t) => {
  const cache = new CredentialsCache();
  const { check, calls } = countingCheck(async () => {
    await sleep(20);
    return { username: 'dispatch' };
  });
  const running = cache.verdict('Basic abc', check);
  cache.clear();
  t.same(await running, { username: 'dispatch' }, 'the waiting request still gets its answer');
  await cache.verdict('Basic abc', check);
  t.equal(calls(), 2);
  cache.clear();
  await cache.verdict('Basic abc', check);
  t.equal(calls(), 3);
});

t.test('an accepted verdict is known at once after its check settles, but never a pending check or a refusal', async (t) => {
  const cache = new CredentialsCache();
  let finish!: (verdict: Verdict) => void;
  const pending = cache.verdict('Basic good', () => new Promise<Verdict>((resolve) => (finish = resolve)));
  t.equal(cache.acceptedNow('Basic good'), undefined, 'not while the check runs');
  finish({ username: 'ann' });
  await pending;
  t.same(cache.acceptedNow('Basic good'), { username: 'ann' });
  await cache.verdict('Basic bad', async () => null);
  t.equal(cache.acceptedNow('Basic bad'), undefined, 'a refusal is never an acceptance');
  cache.clear();
  t.equal(cache.acceptedNow('Basic good'), undefined, 'forgotten when the accounts change');
});
