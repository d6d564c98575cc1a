// Reading a file in parts at once gives the same bytes as one read, and a file that ends early is refused.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import { FileCutShortError, readExactly, readExactlyInParallel, readRangesInParallel, withFileOpenUntil } from '../../src/common/file-io.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

const fileOf = (bytes: Uint8Array): string => {
  const path = join(temporaryDirectory('fr-file-io-'), 'bytes.bin');
  writeFileSync(path, bytes);
  return path;
};

t.test('parts read at once land where one read would put them, from any position', async (t) => {
  const content = randomBytes(100_003);
  const path = fileOf(content);
  for (const split of [{ readers: 1, partBytes: 4096 }, { readers: 3, partBytes: 4096 }, { readers: 4, partBytes: 7 }, { readers: 2, partBytes: 1 << 20 }]) {
    const inParts = new Uint8Array(new SharedArrayBuffer(content.length - 11));
    await withFileOpenUntil(path, (fd) => readExactlyInParallel(fd, inParts, 11, split));
    const whole = new Uint8Array(content.length - 11);
    await withFileOpenUntil(path, async (fd) => readExactly(fd, whole, 11));
    t.same(Buffer.from(inParts), Buffer.from(whole), `${split.readers} readers of ${split.partBytes} bytes`);
  }
});

t.test('ranges read at once, in parts, each get the bytes of their own position', async (t) => {
  const content = randomBytes(50_000);
  const path = fileOf(content);
  const ranges = [[40_000, 9_999], [3, 12_345], [20_000, 1], [12_348, 0]].map(([position, length]) => ({ position: position!, bytes: new Uint8Array(length!) }));
  await withFileOpenUntil(path, (fd) => readRangesInParallel(fd, ranges, { readers: 3, partBytes: 1000 }));
  for (const { position, bytes } of ranges) t.same(Buffer.from(bytes), content.subarray(position, position + bytes.length), `${bytes.length} bytes from ${position}`);
});

t.test('a file that ends before the bytes asked for is refused, not read short', async (t) => {
  const path = fileOf(randomBytes(10_000));
  const bytes = new Uint8Array(10_000);
  await t.rejects(withFileOpenUntil(path, (fd) => readExactlyInParallel(fd, bytes, 1, { readers: 3, partBytes: 1000 })), FileCutShortError);
});

t.test('a file that cannot be opened reads as absent', async (t) => {
  t.equal(await withFileOpenUntil(join(tmpdir(), 'fr-file-io-absent', 'none.bin'), async () => 'read'), undefined);
});
