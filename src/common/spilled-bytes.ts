/**
 * Bytes appended in pieces of unknown total, kept in a file instead of memory until they are moved into their
 * final place: what a long computation hands over as it goes (a contraction's hierarchy) would otherwise sit in
 * memory beside the place it is moved into at the end, twice its size at once. The file's pages are the
 * system's cache, which it may drop. Written through a buffer, so that appending many small pieces costs few
 * writes; the file is removed once moved, or by discard.
 */
import { closeSync, openSync, rmSync } from 'node:fs';
import { readExactly, writeExactly } from './file-io.js';

export class SpilledBytes {
  private fd: number | undefined;
  private readonly buffer: Uint8Array;
  private buffered = 0;
  length = 0;

  constructor(private readonly path: string, bufferBytes = 4 * 1024 * 1024) {
    this.buffer = new Uint8Array(bufferBytes);
    this.fd = openSync(path, 'w+');
  }

  append(source: Uint8Array): void {
    if (this.buffered + source.byteLength > this.buffer.byteLength) this.flush();
    if (source.byteLength > this.buffer.byteLength) {
      // Too large for the buffer, which the flush has just emptied: written as it is.
      writeExactly(this.openFd(), source, this.length);
    } else {
      this.buffer.set(source, this.buffered);
      this.buffered += source.byteLength;
    }
    this.length += source.byteLength;
  }

  private flush(): void {
    writeExactly(this.openFd(), this.buffer.subarray(0, this.buffered), this.length - this.buffered);
    this.buffered = 0;
  }

  private openFd(): number {
    if (this.fd === undefined) throw new Error(`${this.path} was moved or discarded`);
    return this.fd;
  }

  /** Copies every byte to `target` from `offset` on, then removes the file. */
  moveTo(target: Uint8Array, offset: number): void {
    const written = this.length - this.buffered;
    readExactly(this.openFd(), target.subarray(offset, offset + written), 0);
    target.set(this.buffer.subarray(0, this.buffered), offset + written);
    this.discard();
  }

  /**
   * Hands every byte to `visit` in order, in pieces of `pieceBytes` (the last one shorter), then removes the file:
   * for bytes that go on somewhere else than one place in memory, such as another file. Each piece is a view of a
   * buffer that the next one overwrites.
   */
  moveInPieces(pieceBytes: number, visit: (piece: Uint8Array) => void): void {
    try {
      this.flush();
      const piece = new Uint8Array(Math.min(pieceBytes, this.length));
      for (let at = 0; at < this.length; at += pieceBytes) {
        const bytes = piece.subarray(0, Math.min(pieceBytes, this.length - at));
        readExactly(this.openFd(), bytes, at);
        visit(bytes);
      }
    } finally {
      this.discard();
    }
  }

  /** Removes the file (safe to call again). */
  discard(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
    rmSync(this.path, { force: true });
    this.buffered = 0;
    this.length = 0;
  }
}
