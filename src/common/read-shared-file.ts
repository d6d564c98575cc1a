import { fstatSync } from 'node:fs';
import { FileCutShortError, readExactlyInParallel, withFileOpenUntil } from './file-io.js';

/**
 * The whole file in a SharedArrayBuffer, read there directly (in parts on two threads): posting the bytes (or views
 * on them) to workers then shares them instead of copying them. Undefined when the file does not exist or is cut
 * short while read.
 */
export async function readSharedFile(path: string): Promise<Uint8Array | undefined> {
  return withFileOpenUntil(path, async (fd) => {
    const bytes = new Uint8Array(new SharedArrayBuffer(fstatSync(fd).size));
    try {
      await readExactlyInParallel(fd, bytes, 0);
    } catch (error) {
      if (error instanceof FileCutShortError) return undefined;
      throw error;
    }
    return bytes;
  });
}
