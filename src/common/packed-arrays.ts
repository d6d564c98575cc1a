/**
 * Typed arrays and a small description packed into one byte block that is read back without decoding a single
 * element: the arrays are views at 8-byte aligned offsets of the block itself. A block read into a
 * SharedArrayBuffer is therefore shared, array by array, by every thread it is posted to.
 *
 * Layout: magic (8 bytes), u32 length of the MessagePack header, the header (the description and each array's
 * name, type, offset and length), then the arrays, each at an offset aligned to 8 bytes.
 */
import { Packr } from 'msgpackr';

export type PackedArray = Float64Array | Float32Array | Int32Array | Uint32Array | Uint16Array | Uint8Array;

const ARRAY_TYPES = { Float64Array, Float32Array, Int32Array, Uint32Array, Uint16Array, Uint8Array } as const;
type ArrayTypeName = keyof typeof ARRAY_TYPES;

const MAGIC = 'FRPACK\0\0';
const ALIGN = 8;
const packr = new Packr({ useRecords: true });

export interface Header<M> {
  description: M;
  /** `digest`: the digest of the array's bytes, where the writer gave it (array-digest.ts). */
  arrays: { name: string; type: ArrayTypeName; offset: number; length: number; digest?: string }[];
}

export class PackedArraysError extends Error {
  override name = 'PackedArraysError';
}

const pad = (n: number): number => Math.ceil(n / ALIGN) * ALIGN;

function typeName(array: PackedArray): ArrayTypeName {
  return array.constructor.name as ArrayTypeName;
}

/** Where each array goes and the bytes before them (magic, header length, header, padding): the block's layout. */
export interface PackedLayout {
  /** The bytes before the arrays; the arrays start at its length. */
  head: Uint8Array;
  /** Each array's offset from the arrays' start, in the order given. */
  offsets: number[];
  byteLength: number;
}

export function packedLayout<M>(description: M, arrays: Record<string, PackedArray>, digests?: Record<string, string>): PackedLayout {
  let offset = 0;
  const placed = Object.entries(arrays).map(([name, array]) => {
    const entry = { name, type: typeName(array), offset, length: array.length, ...(digests && { digest: digests[name] }) };
    offset = pad(offset + array.byteLength);
    return entry;
  });
  const header = packr.pack({ description, arrays: placed } satisfies Header<M>);
  const head = new Uint8Array(pad(12 + header.length));
  head.set(Buffer.from(MAGIC, 'latin1'), 0);
  new DataView(head.buffer).setUint32(8, header.length, true);
  head.set(header, 12);
  return { head, offsets: placed.map((entry) => entry.offset), byteLength: head.length + offset };
}

/** `description` (any MessagePack value) and `arrays` as one block. */
export function packArrays<M>(description: M, arrays: Record<string, PackedArray>): Uint8Array {
  const layout = packedLayout(description, arrays);
  const bytes = new Uint8Array(layout.byteLength);
  bytes.set(layout.head, 0);
  Object.values(arrays).forEach((array, i) => bytes.set(arrayBytes(array), layout.head.length + layout.offsets[i]!));
  return bytes;
}

export function arrayBytes(array: PackedArray): Uint8Array {
  return new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
}

/** The arrays' entries, their start and the description, from the bytes before the arrays (at least 12 of them). */
export function readPackedHead<M>(bytes: Uint8Array): { header: Header<M>; dataStart: number } | { headLength: number } {
  if (bytes.length < 12 || Buffer.from(bytes.buffer, bytes.byteOffset, 8).toString('latin1') !== MAGIC) {
    throw new PackedArraysError('not a packed block');
  }
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset + 8, 4).getUint32(0, true);
  if (12 + headerLength > bytes.length) return { headLength: 12 + headerLength };
  // msgpackr's native string decoder crashes the process (SIGSEGV) on a view of a SharedArrayBuffer: decode a
  // private copy of the header (slice() of a shared view allocates a plain ArrayBuffer).
  let header: Header<M>;
  try {
    header = packr.unpack(bytes.slice(12, 12 + headerLength)) as Header<M>;
  } catch {
    throw new PackedArraysError('the packed header is damaged');
  }
  if (!Array.isArray(header?.arrays)) throw new PackedArraysError('the packed header lists no arrays');
  return { header, dataStart: pad(12 + headerLength) };
}

export function arrayType(name: string): (typeof ARRAY_TYPES)[ArrayTypeName] | undefined {
  return Object.hasOwn(ARRAY_TYPES, name) ? ARRAY_TYPES[name as ArrayTypeName] : undefined;
}

export interface UnpackedArrays<M> {
  description: M;
  arrays: Record<string, PackedArray>;
  /** The buffer and byte offset of each array, for readers that take a buffer (Flatbush.from). */
  buffer: ArrayBufferLike;
  byteOffsetOf(name: string): number;
}

/** The description and views of the arrays of a block made by packArrays; throws PackedArraysError on a damaged one. */
export function unpackArrays<M>(bytes: Uint8Array): UnpackedArrays<M> {
  if (bytes.byteOffset % ALIGN !== 0) throw new PackedArraysError('a packed block must start at an aligned offset');
  const head = readPackedHead<M>(bytes);
  if (!('header' in head)) throw new PackedArraysError('the packed block is cut short');
  const { header } = head;
  const dataStart = bytes.byteOffset + head.dataStart;
  const arrays: Record<string, PackedArray> = {};
  const offsets = new Map<string, number>();
  for (const { name, type, offset, length } of header.arrays) {
    const Type = arrayType(type);
    const start = dataStart + offset;
    if (!Type || start + length * Type.BYTES_PER_ELEMENT > bytes.byteOffset + bytes.length) {
      throw new PackedArraysError(`array ${name} lies outside the packed block`);
    }
    arrays[name] = new Type(bytes.buffer as ArrayBuffer, start, length);
    offsets.set(name, start);
  }
  return { description: header.description, arrays, buffer: bytes.buffer, byteOffsetOf: (name) => offsets.get(name)! };
}
