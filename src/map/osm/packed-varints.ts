import type { PbfReader } from 'pbf';

// Packed repeated fields are most of a PBF's bytes; decoding them straight into typed arrays (sized by
// counting terminal bytes first) avoids growing number[] one push at a time.

let cursor = 0;

/** Unsigned varint at `cursor`; exact up to 2^53, which covers every value OSM files carry. */
function varint(buf: Uint8Array): number {
  let b = buf[cursor++]!;
  let value = b & 0x7f;
  if (b < 0x80) return value;
  b = buf[cursor++]!;
  value |= (b & 0x7f) << 7;
  if (b < 0x80) return value;
  b = buf[cursor++]!;
  value |= (b & 0x7f) << 14;
  if (b < 0x80) return value;
  b = buf[cursor++]!;
  value |= (b & 0x7f) << 21;
  if (b < 0x80) return value;
  let scale = 0x10000000;
  do {
    b = buf[cursor++]!;
    value += (b & 0x7f) * scale;
    scale *= 0x80;
  } while (b >= 0x80);
  return value;
}

function zigzag(n: number): number {
  return n % 2 === 1 ? -(n + 1) / 2 : n / 2;
}

const BYTES_WIRE_TYPE = 2;

/** Opens the packed field the reader stands on: counts its values and sets the cursor to its start. */
function openPacked(pbf: PbfReader): { end: number; count: number } {
  // osmformat.proto declares every repeated scalar [packed = true]; anything else is a broken file.
  if (pbf.type !== BYTES_WIRE_TYPE) throw new Error('repeated field is not packed');
  const end = pbf.readVarint() + pbf.pos;
  if (end > pbf.buf.length) throw new Error('packed field runs past the block');
  let count = 0;
  for (let i = pbf.pos; i < end; i++) if (pbf.buf[i]! < 0x80) count++;
  cursor = pbf.pos;
  pbf.pos = end;
  return { end, count };
}

/** A packed uint32/int32 field (string-table indexes). */
export function readPackedUints(pbf: PbfReader): Uint32Array {
  const { count } = openPacked(pbf);
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) out[i] = varint(pbf.buf);
  return out;
}

/** A packed sint64 field of delta-coded values (ids, coordinates, refs), returned as running sums. */
export function readPackedDeltas(pbf: PbfReader): Float64Array {
  const { count } = openPacked(pbf);
  const out = new Float64Array(count);
  let sum = 0;
  for (let i = 0; i < count; i++) out[i] = sum += zigzag(varint(pbf.buf));
  return out;
}
