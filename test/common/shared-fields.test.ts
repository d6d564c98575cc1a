// Two records of typed arrays keep one copy of what they hold alike, and their bytes are counted once.
import t from 'tap';
import { ownBytes, shareFieldsAlike } from '../../src/common/shared-fields.js';

const record = (weights: number[]) => ({
  name: 'a profile',
  latitudes: Float64Array.of(47.1, 47.2, 47.3),
  heads: Uint32Array.of(1, 2, 0),
  weights: Uint32Array.from(weights),
  flags: Uint8Array.of(1, 0, 1),
});

t.test('arrays holding the same bytes become the reference\'s own, the others move to one shared buffer', async (t) => {
  const reference = record([10, 20, 30]);
  const target = { ...record([10, 25, 30]), flags: Uint8Array.of(0, 0, 1) };
  const shared = shareFieldsAlike(reference, target);
  t.equal(shared.latitudes, reference.latitudes);
  t.equal(shared.heads, reference.heads);
  t.not(shared.weights, reference.weights);
  t.same(Array.from(shared.weights), [10, 25, 30]);
  t.same(Array.from(shared.flags), [0, 0, 1]);
  t.ok(shared.weights.buffer instanceof SharedArrayBuffer, 'posted to a worker, it is shared, not copied');
  t.equal(shared.weights.buffer, shared.flags.buffer, 'the arrays of its own share one buffer');
  t.equal(shared.weights.byteOffset % 8, 0);
  t.equal(shared.flags.byteOffset % 8, 0);
  t.equal(shared.name, 'a profile');
});

t.test('arrays of another type or length are never taken for alike', async (t) => {
  const reference: Record<string, ArrayBufferView> = { values: Uint8Array.of(0, 0, 0, 0), more: Uint16Array.of(1, 2) };
  const shared = shareFieldsAlike(reference, { values: Uint32Array.of(0), more: Uint16Array.of(1, 2, 3) });
  t.ok(shared.values instanceof Uint32Array);
  t.same(Array.from(shared.more as Uint16Array), [1, 2, 3]);
});

t.test('a record\'s own bytes leave out the arrays it shares', async (t) => {
  const reference = record([10, 20, 30]);
  const shared = shareFieldsAlike(reference, record([10, 25, 30]));
  t.equal(ownBytes(shared, reference), 3 * 4);
  t.equal(ownBytes(reference, undefined), 3 * 8 + 3 * 4 + 3 * 4 + 3);
});
