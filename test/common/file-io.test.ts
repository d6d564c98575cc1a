// Reading a file in parts at once gives the same bytes as one read, and a file that ends early is refused.
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import t from 'tap';
import {
  FileCutShortError, FileWriteError, readExactly, readExactlyInParallel, readRangesInParallel, withFileOpenUntil, writeExactly,
  writeFileAtomically,
} from '../../src/common/file-io.js';
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

t.test('a file written atomically appears whole under its name, with no temporary file left beside it', async (t) => {
  const dir = temporaryDirectory('fleetroute-file-io-');
  const path = join(dir, 'cache.bin');
  writeFileAtomically(path, (fd) => writeExactly(fd, Buffer.from('new bytes'), 0));
  t.equal(readFileSync(path, 'utf8'), 'new bytes');
  t.same(readdirSync(dir), ['cache.bin']);
});

t.test('a write that fails leaves the file as it was and takes its temporary file with it', async (t) => {
  const dir = temporaryDirectory('fleetroute-file-io-');
  const path = join(dir, 'cache.bin');
  writeFileSync(path, 'old bytes');
  const failing = () => writeFileAtomically(path, (fd) => {
    writeExactly(fd, Buffer.alloc(1 << 20), 0);
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
  });
  t.throws(failing, { name: 'FileWriteError', message: `could not write ${path}: ENOSPC: no space left on device, write` });
  t.equal(readFileSync(path, 'utf8'), 'old bytes');
  t.same(readdirSync(dir), ['cache.bin'], 'the temporary file is gone');
});

t.test('a file whose folder cannot be written to is refused with its name', async (t) => {
  const path = join(temporaryDirectory('fleetroute-file-io-'), 'no-such-folder', 'cache.bin');
  t.throws(() => writeFileAtomically(path, () => undefined), FileWriteError);
  t.notOk(existsSync(path));
});
