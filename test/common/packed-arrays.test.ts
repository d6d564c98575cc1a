// Typed arrays packed in one block come back as views of that block, shared when the block is.
import t from 'tap';
import { sampleTypedArrays } from '../helpers/sample-typed-arrays.js';
import { packArrays, unpackArrays } from '../../src/common/packed-arrays.js';
import { sharedCopy } from '../../src/common/shared-array.js';

const arrays = sampleTypedArrays;

t.test('the arrays and the description come back as they were packed', async (t) => {
  const bytes = packArrays({ name: 'a map', texts: ['7a', ''] }, arrays());
  const { description, arrays: unpacked } = unpackArrays<{ name: string; texts: string[] }>(bytes);
  t.same(description, { name: 'a map', texts: ['7a', ''] });
  for (const [name, array] of Object.entries(arrays())) {
    t.equal(unpacked[name]!.constructor, array.constructor, `${name} keeps its type`);
    t.same(Array.from(unpacked[name]!), Array.from(array), `${name} keeps its values`);
  }
});

t.test('arrays read from a shared block are views of it, at aligned offsets, not copies', async (t) => {
  const shared = sharedCopy(packArrays({}, arrays()));
  const unpacked = unpackArrays(shared);
  for (const [name, array] of Object.entries(unpacked.arrays)) {
    t.equal(array.buffer, shared.buffer, `${name} lies in the shared block`);
    t.equal(array.byteOffset % 8, 0, `${name} is aligned`);
    t.equal(unpacked.byteOffsetOf(name), array.byteOffset);
  }
  t.equal(unpacked.buffer, shared.buffer);
});

t.test('a block that is not one, or is cut short, is refused with a typed error', async (t) => {
  const bytes = packArrays({}, arrays());
  t.throws(() => unpackArrays(new Uint8Array(40)), { name: 'PackedArraysError' });
  t.throws(() => unpackArrays(bytes.slice(0, 16)), { name: 'PackedArraysError' });
  t.throws(() => unpackArrays(bytes.slice(0, bytes.length - 8)), { name: 'PackedArraysError' });
});
