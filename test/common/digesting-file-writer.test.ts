// Bytes written in pieces of any size get the digest their whole array would, parts of the digest straddled or not,
// and exactly the bytes announced are written.
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { arrayDigest, DIGEST_PART_BYTES } from '../../src/common/array-digest.js';
import { DigestingFileWriter } from '../../src/common/digesting-file-writer.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

function bytes(length: number): Uint8Array {
  const array = new Uint8Array(length);
  for (let i = 0; i < length; i++) array[i] = (i * 7 + (i >> 11)) % 253;
  return array;
}

function written(whole: Uint8Array, cuts: number[], position = 0): { digest: string; file: Buffer } {
  const path = join(temporaryDirectory('digesting-writer-'), 'file');
  const fd = openSync(path, 'w');
  try {
    const writer = new DigestingFileWriter(fd, position, whole.length);
    let from = 0;
    for (const cut of [...cuts, whole.length]) {
      writer.put(whole.subarray(from, cut));
      from = cut;
    }
    return { digest: writer.finish(), file: readFileSync(path) };
  } finally {
    closeSync(fd);
  }
}

t.test('pieces smaller than a part, across parts and holding whole parts give the whole array\'s digest and bytes', async (t) => {
  const whole = bytes(2 * DIGEST_PART_BYTES + 12_345);
  const cuts = [10, 1_000_000, DIGEST_PART_BYTES - 3, DIGEST_PART_BYTES + 5, 2 * DIGEST_PART_BYTES + 5];
  const { digest, file } = written(whole, cuts, 7);
  t.equal(digest, arrayDigest(whole));
  t.ok(file.subarray(7).equals(whole), 'the bytes from the position on');
  t.equal(written(whole, []).digest, digest, 'the same in one piece');
});

t.test('an array of whole parts gets its digest, with no empty part after the last', async (t) => {
  const whole = bytes(DIGEST_PART_BYTES);
  t.equal(written(whole, [1_000]).digest, arrayDigest(whole));
});

t.test('a writer whose part another writer took over in the same thread is refused, and the other gets its digest', async (t) => {
  const fd = openSync(join(temporaryDirectory('digesting-writer-'), 'file'), 'w');
  t.teardown(() => closeSync(fd));
  const whole = bytes(100);
  const abandoned = new DigestingFileWriter(fd, 0, 100);
  abandoned.put(whole.subarray(0, 10));
  const next = new DigestingFileWriter(fd, 0, 100);
  next.put(whole);
  t.throws(() => abandoned.put(whole.subarray(10)), /another part is being hashed/);
  t.equal(next.finish(), arrayDigest(whole));
});

t.test('a small array gets its digest too', async (t) => {
  const whole = bytes(100);
  t.equal(written(whole, [1, 50]).digest, arrayDigest(whole));
});

t.test('more bytes than announced, or fewer, are refused', async (t) => {
  const fd = openSync(join(temporaryDirectory('digesting-writer-'), 'file'), 'w');
  t.teardown(() => closeSync(fd));
  const over = new DigestingFileWriter(fd, 0, 10);
  over.put(bytes(6));
  t.throws(() => over.put(bytes(5)), /more than the 10 bytes announced/);
  const under = new DigestingFileWriter(fd, 0, 10);
  under.put(bytes(6));
  t.throws(() => under.finish(), /6 bytes written of the 10 announced/);
});
