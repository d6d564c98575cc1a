// Bytes appended in pieces come out whole, in order, wherever the pieces fall across chunks.
import t from 'tap';
import { ChunkedBytes } from '../../src/common/chunked-bytes.js';

function piece(length: number, first: number): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (first + i) % 251);
}

t.test('pieces smaller, equal to and larger than a chunk come out in the order they went in, across chunks that grow', async (t) => {
  const bytes = new ChunkedBytes(4, 8);
  const pieces = [piece(3, 0), piece(5, 3), piece(8, 8), piece(19, 16), piece(0, 35), piece(1, 35)];
  for (const each of pieces) bytes.append(each);
  t.equal(bytes.length, 36);
  const target = new Uint8Array(40).fill(255);
  bytes.moveTo(target, 2);
  t.same(Array.from(target.subarray(2, 38)), Array.from(piece(36, 0)));
  t.same([target[0], target[1], target[38], target[39]], [255, 255, 255, 255], 'nothing is written outside the place');
});

t.test('moving empties it, and it fills again from nothing', async (t) => {
  const bytes = new ChunkedBytes(2, 4);
  bytes.append(piece(6, 0));
  bytes.moveTo(new Uint8Array(6), 0);
  t.equal(bytes.length, 0);
  bytes.append(piece(2, 9));
  const target = new Uint8Array(2);
  bytes.moveTo(target, 0);
  t.same(Array.from(target), [9, 10]);
});
