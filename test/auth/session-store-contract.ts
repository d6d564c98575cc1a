/** What every SessionStore promises, run against each backend; `peer` shares the backend like another instance. */
import type { Test } from 'tap';
import type { SessionStore } from '../../src/auth/session-store.js';

export type OpenSessionStores = () => Promise<{ store: SessionStore; peer: SessionStore; close(): Promise<void> }>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function sessionStoreContract(t: Test, open: OpenSessionStores): void {
  t.test('a session started on one instance is known on another, and unknown keys are not', async (t) => {
    const { store, peer, close } = await open();
    t.teardown(close);
    await store.create('key-1', 'ann', 60);
    t.equal(await peer.touch('key-1', 60), 'ann');
    t.equal(await peer.touch('key-2', 60), undefined);
  });

  t.test('a session expires after its idle time, and each use restarts that time', async (t) => {
    const { store, peer, close } = await open();
    t.teardown(close);
    await store.create('kept', 'ann', 2);
    await store.create('idle', 'bob', 2);
    for (let i = 0; i < 3; i++) {
      await sleep(900);
      t.equal(await peer.touch('kept', 2), 'ann', `use ${i + 1} keeps it alive`);
    }
    t.equal(await store.touch('idle', 2), undefined, 'the unused one expired');
  });
}
