/**
 * Bytes appended in pieces of unknown total, kept in chunks so that growing never copies what is already there
 * (a doubling array needs the old and the new copy at once), then moved into their final place in one pass
 * that lets each chunk go as soon as it is copied. Chunks double from `smallest` up to `largest`, so a few
 * bytes cost little and many cost few chunks.
 */
const MiB = 1024 * 1024;

export class ChunkedBytes {
  private chunks: Uint8Array[] = [];
  private filled = 0;
  length = 0;

  constructor(private readonly smallest = MiB, private readonly largest = 64 * MiB) {}

  private lastChunk(): Uint8Array {
    const last = this.chunks.at(-1);
    if (last && this.filled < last.byteLength) return last;
    const chunk = new Uint8Array(Math.min(Math.max(this.length, this.smallest), this.largest));
    this.chunks.push(chunk);
    this.filled = 0;
    return chunk;
  }

  append(source: Uint8Array): void {
    let from = 0;
    while (from < source.byteLength) {
      const chunk = this.lastChunk();
      const take = Math.min(source.byteLength - from, chunk.byteLength - this.filled);
      chunk.set(source.subarray(from, from + take), this.filled);
      this.filled += take;
      this.length += take;
      from += take;
    }
  }

  /** Copies every byte to `target` from `offset` on and empties this. */
  moveTo(target: Uint8Array, offset: number): void {
    let at = offset, left = this.length;
    // Taken off one at a time, so that a chunk copied is no longer held while the next ones are.
    for (let chunk = this.chunks.shift(); chunk !== undefined; chunk = this.chunks.shift()) {
      const take = Math.min(left, chunk.byteLength);
      target.set(chunk.subarray(0, take), at);
      at += take;
      left -= take;
    }
    this.filled = 0;
    this.length = 0;
  }

  /** Lets every byte go unmoved. */
  discard(): void {
    this.chunks = [];
    this.filled = 0;
    this.length = 0;
  }
}
