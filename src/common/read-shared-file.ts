import { fstatSync } from 'node:fs';
import { FileCutShortError, readExactly, withFileOpen } from './file-io.js';

/**
 * The whole file in a SharedArrayBuffer, read there directly: posting the bytes (or views on them) to workers
 * then shares them instead of copying them. Undefined when the file does not exist or is cut short while read.
 */
export function readSharedFile(path: string): Uint8Array | undefined {
  return withFileOpen(path, (fd) => {
    const bytes = new Uint8Array(new SharedArrayBuffer(fstatSync(fd).size));
    try {
      readExactly(fd, bytes, 0);
    } catch (error) {
      if (error instanceof FileCutShortError) return undefined;
      throw error;
    }
    return bytes;
  });
}
