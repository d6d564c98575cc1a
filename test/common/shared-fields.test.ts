// Arrays of two records are alike only with the same type and bytes, and a record's own bytes leave out those it shares.
import t from 'tap';
import { ownBytes, sameBytes } from '../../src/common/shared-fields.js';

t.test('arrays are alike with the same type, length and bytes, and not otherwise', async (t) => {
  t.ok(sameBytes(Uint32Array.of(1, 2), Uint32Array.of(1, 2)));
  t.notOk(sameBytes(Uint32Array.of(1, 2), Uint32Array.of(1, 3)), 'other bytes');
  t.notOk(sameBytes(Uint8Array.of(0, 0, 0, 0), Uint32Array.of(0)), 'another type');
  t.notOk(sameBytes(Uint16Array.of(1, 2), Uint16Array.of(1, 2, 3)), 'another length');
});

t.test('a record\'s own bytes leave out the arrays it shares', async (t) => {
  const reference = { name: 'auto', latitudes: Float64Array.of(47.1, 47.2, 47.3), weights: Uint32Array.of(10, 20, 30), flags: Uint8Array.of(1, 0, 1) };
  const truck = { ...reference, name: 'truck', weights: Uint32Array.of(10, 25, 30) };
  t.equal(ownBytes(truck, reference), 3 * 4);
  t.equal(ownBytes(reference, undefined), 3 * 8 + 3 * 4 + 3);
});
