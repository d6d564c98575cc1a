import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * The whole file in a SharedArrayBuffer, read there directly: posting the bytes (or views on them) to workers
 * then shares them instead of copying them. Undefined when the file does not exist or is cut short while read.
 */
export function readSharedFile(path: string): Uint8Array | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    const size = fstatSync(fd).size;
    const bytes = new Uint8Array(new SharedArrayBuffer(size));
    let read = 0;
    while (read < size) {
      const n = readSync(fd, bytes, read, size - read, read);
      if (n === 0) return undefined;
      read += n;
    }
    return bytes;
  } finally {
    closeSync(fd);
  }
}
