/**
 * Writes bytes that come in pieces to a file, in order, and gives the digest of them all as arrayDigest gives it for
 * the same bytes in one array: each part of DIGEST_PART_BYTES is hashed piece by piece as it comes, so that a cache
 * file's array can go from where it waits (spill files) to its file without ever lying whole in memory, nor even a
 * part of it.
 */
import { DIGEST_PART_BYTES } from './array-digest.js';
import { writeExactly } from './file-io.js';
import { hashOfParts, piecewisePartHash } from './part-hash.js';

/** What takes the pieces of a byte form, in order. */
export interface ByteSink {
  put(piece: Uint8Array): void;
}

export class DigestingFileWriter implements ByteSink {
  private readonly partHashes: Uint8Array[] = [];
  private written = 0;

  /** Writes `totalBytes` at `position` on in `fd`. */
  constructor(private readonly fd: number, private readonly position: number, private readonly totalBytes: number) {}

  put(piece: Uint8Array): void {
    if (this.written + piece.byteLength > this.totalBytes) throw new RangeError(`more than the ${this.totalBytes} bytes announced`);
    writeExactly(this.fd, piece, this.position + this.written);
    let from = 0;
    while (from < piece.byteLength) {
      const inPart = this.written % DIGEST_PART_BYTES;
      if (inPart === 0) piecewisePartHash.start(this);
      const take = Math.min(piece.byteLength - from, DIGEST_PART_BYTES - inPart);
      piecewisePartHash.add(this, piece.subarray(from, from + take));
      from += take;
      this.written += take;
      if (this.written % DIGEST_PART_BYTES === 0) this.partHashes.push(piecewisePartHash.end(this));
    }
  }

  /** The digest of every byte put; throws if fewer came than announced. */
  finish(): string {
    if (this.written !== this.totalBytes) throw new RangeError(`${this.written} bytes written of the ${this.totalBytes} announced`);
    if (this.written % DIGEST_PART_BYTES !== 0) this.partHashes.push(piecewisePartHash.end(this));
    return hashOfParts(this.partHashes);
  }
}
