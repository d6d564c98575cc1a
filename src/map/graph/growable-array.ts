type TypedArray = Float64Array | Float32Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;
type TypedArrayConstructor<T extends TypedArray> = { new (length: number): T };

/** Append-only typed array that doubles its capacity; `toArray()` returns an exactly sized copy. */
export class GrowableArray<T extends TypedArray> {
  private data: T;
  length = 0;

  constructor(private readonly ctor: TypedArrayConstructor<T>, capacity = 1024) {
    this.data = new ctor(capacity);
  }

  push(value: number): void {
    if (this.length === this.data.length) this.grow();
    this.data[this.length++] = value;
  }

  get(i: number): number {
    return this.data[i]!;
  }

  toArray(): T {
    return this.data.slice(0, this.length) as T;
  }

  private grow(): void {
    const next = new this.ctor(this.data.length * 2);
    next.set(this.data as never);
    this.data = next;
  }
}
