/** Reading and writing files in parts, from and into buffers the caller lays out (shared ones included). */
import { closeSync, openSync, readSync, writeSync } from 'node:fs';

/** The file ended before a read that needed more bytes. */
export class FileCutShortError extends Error {
  override name = 'FileCutShortError';
}

/** `read(fd)` on the file opened for reading, closed after; undefined when the file cannot be opened. */
export function withFileOpen<T>(path: string, read: (fd: number) => T): T | undefined {
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return undefined;
  }
  try {
    return read(fd);
  } finally {
    closeSync(fd);
  }
}

/** Fills `bytes` with the file's bytes from `position` on; throws FileCutShortError when the file ends first. */
export function readExactly(fd: number, bytes: Uint8Array, position: number): void {
  for (let read = 0; read < bytes.length;) {
    const count = readSync(fd, bytes, read, bytes.length - read, position + read);
    if (count === 0) throw new FileCutShortError(`the file ends ${bytes.length - read} bytes early`);
    read += count;
  }
}

/** Writes all of `bytes` at `position` (one write call may write less, as it does past 2 GiB). */
export function writeExactly(fd: number, bytes: Uint8Array, position: number): void {
  for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written, bytes.length - written, position + written);
}
