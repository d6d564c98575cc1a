/**
 * Bytes appended in pieces of unknown total, kept in fixed-size chunks so that growing never copies what is
 * already there (a doubling array would need the old and the new copy at once), then moved into their final
 * place in one pass that lets each chunk go as soon as it is copied.
 */
const DEFAULT_CHUNK_BYTES = 64 * 1024 * 1024;

export class ChunkedBytes {
  private chunks: Uint8Array[] = [];
  private filled = 0;
  length = 0;

  constructor(private readonly chunkBytes = DEFAULT_CHUNK_BYTES) {}

  append(source: Uint8Array): void {
    let from = 0;
    while (from < source.byteLength) {
      if (this.chunks.length === 0 || this.filled === this.chunkBytes) {
        this.chunks.push(new Uint8Array(this.chunkBytes));
        this.filled = 0;
      }
      const take = Math.min(source.byteLength - from, this.chunkBytes - this.filled);
      this.chunks.at(-1)!.set(source.subarray(from, from + take), this.filled);
      this.filled += take;
      from += take;
    }
    this.length += source.byteLength;
  }

  /** Copies every byte to `target` from `offset` on and empties this. */
  moveTo(target: Uint8Array, offset: number): void {
    let at = offset, left = this.length;
    for (const chunk of this.chunks.splice(0)) {
      const take = Math.min(left, this.chunkBytes);
      target.set(chunk.subarray(0, take), at);
      at += take;
      left -= take;
    }
    this.filled = 0;
    this.length = 0;
  }
}
