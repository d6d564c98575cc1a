/** Depot attributes as bitsets: the vocabulary is what jobs ask of depots; other attributes cannot matter. */
export class AttributeBits {
  private readonly bitOf = new Map<string, number>();

  constructor(needed: Iterable<string>) {
    for (const attribute of needed) if (!this.bitOf.has(attribute)) this.bitOf.set(attribute, this.bitOf.size);
  }

  get words(): number {
    return Math.ceil(this.bitOf.size / 32);
  }

  /** Writes the bitset of `attributes` into `target` at word offset `at`. */
  write(attributes: readonly string[], target: Uint32Array, at: number): void {
    for (const attribute of attributes) {
      const bit = this.bitOf.get(attribute);
      if (bit !== undefined) target[at + (bit >>> 5)]! |= 1 << (bit & 31);
    }
  }
}
