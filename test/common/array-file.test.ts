// Arrays written to a file come back each on a SharedArrayBuffer of its own, and a damaged file reads as absent.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { sampleTypedArrays } from '../helpers/sample-typed-arrays.js';
import { DIGEST_PART_BYTES } from '../../src/common/array-digest.js';
import { readArrayFile, writeArrayFile } from '../../src/common/array-file.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

const arrays = sampleTypedArrays;

const filePath = (): string => join(temporaryDirectory('fr-array-file-'), 'arrays.bin');

t.test('the arrays and the description come back as written, each on a shared buffer of its own', async (t) => {
  const path = filePath();
  writeArrayFile(path, { key: 'a map', count: 3 }, arrays());
  const read = (await readArrayFile<{ key: string; count: number }>(path))!;
  t.same(read.description, { key: 'a map', count: 3 });
  const buffers = new Set<ArrayBufferLike>();
  for (const [name, array] of Object.entries(arrays())) {
    const back = read.arrays[name]!;
    t.equal(back.constructor, array.constructor, `${name} keeps its type`);
    t.same(Array.from(back), Array.from(array), `${name} keeps its values`);
    t.ok(back.buffer instanceof SharedArrayBuffer, `${name} is shared`);
    t.equal(back.byteOffset, 0);
    buffers.add(back.buffer);
  }
  t.equal(buffers.size, Object.keys(arrays()).length, 'no two arrays share a buffer, so each can be dropped alone');
});

t.test('an absent, foreign or cut file reads as absent', async (t) => {
  const path = filePath();
  t.equal(await readArrayFile(path), undefined, 'absent');
  writeFileSync(path, 'not an array file at all');
  t.equal(await readArrayFile(path), undefined, 'foreign');
  writeArrayFile(path, {}, arrays());
  const whole = readFileSync(path);
  writeFileSync(path, whole.subarray(0, whole.length - 8));
  t.equal(await readArrayFile(path), undefined, 'cut short');
  writeFileSync(path, whole.subarray(0, 14));
  t.equal(await readArrayFile(path), undefined, 'cut inside its header');
});

t.test('a file whose header is not MessagePack, or lists no arrays, reads as absent', async (t) => {
  const path = filePath();
  const header = (bytes: number[]): Buffer => {
    const head = Buffer.alloc(12 + bytes.length);
    head.write('FRPACK\0\0', 0, 'latin1');
    head.writeUInt32LE(bytes.length, 8);
    Buffer.from(bytes).copy(head, 12);
    return head;
  };
  writeFileSync(path, header([0xc1, 0xc1, 0xc1]));
  t.equal(await readArrayFile(path), undefined, 'not MessagePack');
  writeFileSync(path, header([0xc0]));
  t.equal(await readArrayFile(path), undefined, 'no arrays');
});

t.test('an array held alike elsewhere is taken from there, not read; one of other bytes, type or length is read', async (t) => {
  const path = filePath();
  const written = { heads: Uint32Array.of(4, 5, 6), weights: Uint32Array.of(7, 8, 9), flags: Uint8Array.of(1, 0), more: Uint16Array.of(2, 3) };
  writeArrayFile(path, null, written);
  // The stored heads overwritten after the header: a reader that took them from the file would see zeros.
  const bytes = readFileSync(path);
  bytes.set(new Uint8Array(12), bytes.indexOf(Buffer.from(Uint32Array.of(4, 5, 6).buffer)));
  writeFileSync(path, bytes);
  const alike = { heads: Uint32Array.of(4, 5, 6), weights: Uint32Array.of(7, 8, 10), flags: Int8Array.of(1, 0) as unknown as Uint8Array, more: Uint16Array.of(2, 3, 0) };
  const read = (await readArrayFile(path, alike))!;
  t.equal(read.arrays.heads, alike.heads, 'the same bytes: the alike array itself');
  t.same(Array.from(read.arrays.weights!), [7, 8, 9], 'other bytes: read');
  t.ok(read.arrays.flags instanceof Uint8Array, 'another type: read');
  t.same(Array.from(read.arrays.more!), [2, 3], 'another length: read');
});

t.test('an array whose bytes no longer match their digest reads as absent, in any of its parts', async (t) => {
  const path = filePath();
  // Over one digest part, so that its parts are hashed on several threads.
  const large = new Uint8Array(DIGEST_PART_BYTES + 4096).map((_, i) => i % 251);
  writeArrayFile(path, null, { small: Uint32Array.of(1, 2, 3), large });
  const whole = readFileSync(path);
  const largeStart = whole.length - large.length;
  for (const [where, at] of [['the first part', largeStart + 10], ['the last part', whole.length - 1], ['another array', whole.indexOf(Buffer.from(Uint32Array.of(1, 2, 3).buffer))]] as const) {
    const changed = Buffer.from(whole);
    changed[at]! ^= 0x40;
    writeFileSync(path, changed);
    t.equal(await readArrayFile(path), undefined, `a byte changed in ${where}`);
  }
  writeFileSync(path, whole);
  const back = (await readArrayFile(path))!.arrays.large!;
  t.ok(Buffer.from(back.buffer, back.byteOffset, back.byteLength).equals(large), 'the file as written reads back');
});
