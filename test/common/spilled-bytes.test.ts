// Bytes appended in pieces wait in a file and come out whole, in order, into any place (shared memory too) or in
// pieces; the file is gone once they are moved or discarded.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { SpilledBytes } from '../../src/common/spilled-bytes.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

function piece(length: number, first: number): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (first + i) % 251);
}

t.test('pieces smaller and larger than the write buffer come out in the order they went in, and the file is removed', async (t) => {
  const path = join(temporaryDirectory('spilled-bytes-'), 'edges');
  const bytes = new SpilledBytes(path, 8);
  for (const each of [piece(3, 0), piece(5, 3), piece(8, 8), piece(19, 16), piece(0, 35), piece(1, 35)]) bytes.append(each);
  t.equal(bytes.length, 36);
  t.ok(existsSync(path), 'the bytes wait in the file');
  const target = new Uint8Array(new SharedArrayBuffer(40)).fill(255);
  bytes.moveTo(target, 2);
  t.same(Array.from(target.subarray(2, 38)), Array.from(piece(36, 0)));
  t.same([target[0], target[1], target[38], target[39]], [255, 255, 255, 255], 'nothing is written outside the place');
  t.notOk(existsSync(path));
  t.equal(bytes.length, 0);
});

t.test('moved in pieces, the bytes come out in order in pieces of the size asked for, the last one shorter, and the file is removed', async (t) => {
  const path = join(temporaryDirectory('spilled-bytes-'), 'edges');
  const bytes = new SpilledBytes(path, 8);
  for (const each of [piece(3, 0), piece(19, 3), piece(5, 22)]) bytes.append(each);
  const pieces: number[][] = [];
  bytes.moveInPieces(12, (each) => pieces.push(Array.from(each)));
  t.same(pieces.map((each) => each.length), [12, 12, 3]);
  t.same(pieces.flat(), Array.from(piece(27, 0)));
  t.notOk(existsSync(path));
  t.equal(bytes.length, 0);
});

t.test('discarding removes the file without moving, and may be repeated', async (t) => {
  const path = join(temporaryDirectory('spilled-bytes-'), 'edges');
  const bytes = new SpilledBytes(path, 4);
  bytes.append(piece(10, 0));
  bytes.discard();
  bytes.discard();
  t.notOk(existsSync(path));
  t.throws(() => bytes.moveTo(new Uint8Array(10), 0), /discarded/);
});
