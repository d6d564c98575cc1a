// A file's hash is read once per version of the file, and a rewritten file is hashed again.
import { createHash } from 'node:crypto';
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { fileSha256 } from '../../src/map/cache/map-cache-key.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

t.test('the hash of a file is its bytes\' SHA-256, and stays right after the file is rewritten', async (t) => {
  const path = join(temporaryDirectory('file-hash-'), 'map.osm');
  writeFileSync(path, 'first version');
  t.equal(await fileSha256(path), sha256('first version'));
  t.equal(await fileSha256(path), sha256('first version'), 'asked again');
  writeFileSync(path, 'second, longer version');
  t.equal(await fileSha256(path), sha256('second, longer version'), 'another size');
  writeFileSync(path, 'third, longer version!');
  utimesSync(path, new Date(), new Date(Date.now() + 60_000));
  t.equal(await fileSha256(path), sha256('third, longer version!'), 'the same size, another modification time');
});

t.test('a missing file is an error, and one written later is hashed', async (t) => {
  const path = join(temporaryDirectory('file-hash-'), 'later.osm');
  await t.rejects(fileSha256(path), { code: 'ENOENT' });
  writeFileSync(path, 'now here');
  t.equal(await fileSha256(path), sha256('now here'));
});
