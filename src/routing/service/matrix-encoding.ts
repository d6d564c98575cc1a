/**
 * The matrix answer written straight from the typed arrays into bytes, as JSON or MessagePack. A 1000 × 1000
 * answer is two million numbers: building nested arrays and handing them to `JSON.stringify` or a generic
 * packer costs several times the search itself (docs/routing-service.md, Matrices as a client sees them).
 *
 * Durations are written to the millisecond and distances to the centimetre, the units the kernels count in,
 * with trailing zeros dropped: for cells that are whole milliseconds and centimetres the text is exactly what
 * `JSON.stringify` writes. Unreachable cells (negative values) are `null`.
 */

export interface MatrixCells {
  rowCount: number;
  columnCount: number;
  /** Row-major seconds; negative where no path exists. */
  durations: Float64Array;
  /** Row-major metres; negative where no path exists. */
  distances: Float64Array;
}

/** Decimal places written: milliseconds of a second, centimetres of a metre. */
const DURATION_DECIMALS = 3;
const DISTANCE_DECIMALS = 2;

const ASCII = { comma: 0x2c, dot: 0x2e, zero: 0x30, open: 0x5b, close: 0x5d } as const;
const NULL_TEXT = new TextEncoder().encode('null');

/** A buffer that grows by doubling; reused across answers, since a worker computes one at a time. */
class ByteWriter {
  bytes = new Uint8Array(1 << 16);
  /** Big-endian numbers, as MessagePack writes them. */
  view = new DataView(this.bytes.buffer);
  length = 0;

  reserve(count: number): void {
    if (this.length + count <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + count) size *= 2;
    const grown = new Uint8Array(size);
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }

  byte(value: number): void {
    this.bytes[this.length++] = value;
  }

  /** A MessagePack tag byte followed by its value in `size` bytes (2 and 4: unsigned, 8: float64). */
  tagged(tag: number, size: 2 | 4 | 8, value: number): void {
    this.bytes[this.length++] = tag;
    if (size === 2) this.view.setUint16(this.length, value);
    else if (size === 4) this.view.setUint32(this.length, value);
    else this.view.setFloat64(this.length, value);
    this.length += size;
  }

  text(value: Uint8Array): void {
    this.bytes.set(value, this.length);
    this.length += value.length;
  }

  /** A copy of what was written: the scratch buffer stays with the writer. */
  written(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

const scratch = new ByteWriter();

function fresh(): ByteWriter {
  scratch.length = 0;
  return scratch;
}

/** The longest cell: 16 integer digits, a dot, the decimals and a comma. */
const MAX_CELL_BYTES = 24;

function digitCount(value: number): number {
  let count = 1;
  for (let bound = 10; value >= bound && count < 20; bound *= 10) count++;
  return count;
}

/**
 * A whole number's digits. Below 2^32, unsigned 32-bit arithmetic: V8 keeps it in integer registers, several
 * times faster than the floating-point `Math.floor` path the rare larger values take.
 */
function writeWhole(out: ByteWriter, whole: number): void {
  const bytes = out.bytes;
  const count = digitCount(whole);
  let position = out.length + count;
  let value = whole;
  if (value < 2 ** 32) {
    while (value >= 10) {
      const quotient = (value / 10) >>> 0;
      bytes[--position] = ASCII.zero + value - quotient * 10;
      value = quotient;
    }
  } else {
    while (value >= 10) {
      const quotient = Math.floor(value / 10);
      bytes[--position] = ASCII.zero + value - quotient * 10;
      value = quotient;
    }
  }
  bytes[--position] = ASCII.zero + value;
  out.length += count;
}

/** `fixed / scale` in decimal (`scale` is 10^decimals), trailing zeros and a bare dot dropped. */
function writeFixed(out: ByteWriter, fixed: number, scale: number, decimals: number): void {
  const whole = Math.floor(fixed / scale);
  writeWhole(out, whole);
  let fraction = fixed - whole * scale;
  if (fraction === 0) return;
  let width = decimals;
  while (fraction % 10 === 0) {
    fraction /= 10;
    width--;
  }
  const bytes = out.bytes;
  bytes[out.length] = ASCII.dot;
  for (let position = out.length + width; position > out.length; position--) {
    const quotient = (fraction / 10) >>> 0;
    bytes[position] = ASCII.zero + fraction - quotient * 10;
    fraction = quotient;
  }
  out.length += width + 1;
}

function writeJsonTable(out: ByteWriter, values: Float64Array, cells: MatrixCells, decimals: number): void {
  const scale = 10 ** decimals;
  out.reserve(2 + cells.rowCount * (3 + cells.columnCount * MAX_CELL_BYTES));
  out.byte(ASCII.open);
  for (let row = 0; row < cells.rowCount; row++) {
    if (row > 0) out.byte(ASCII.comma);
    out.byte(ASCII.open);
    const offset = row * cells.columnCount;
    for (let column = 0; column < cells.columnCount; column++) {
      if (column > 0) out.byte(ASCII.comma);
      const value = values[offset + column]!;
      if (value < 0) out.text(NULL_TEXT);
      else writeFixed(out, Math.round(value * scale), scale, decimals);
    }
    out.byte(ASCII.close);
  }
  out.byte(ASCII.close);
}

const jsonKeys = {
  durations: new TextEncoder().encode('{"durations":'),
  distances: new TextEncoder().encode(',"distances":'),
  end: new TextEncoder().encode('}'),
};

/** `{"durations":[[…]],"distances":[[…]]}` as UTF-8. */
export function matrixJson(cells: MatrixCells): Uint8Array {
  const out = fresh();
  out.reserve(jsonKeys.durations.length);
  out.text(jsonKeys.durations);
  writeJsonTable(out, cells.durations, cells, DURATION_DECIMALS);
  out.reserve(jsonKeys.distances.length);
  out.text(jsonKeys.distances);
  writeJsonTable(out, cells.distances, cells, DISTANCE_DECIMALS);
  out.reserve(jsonKeys.end.length);
  out.text(jsonKeys.end);
  return out.written();
}

const MSGPACK = { nil: 0xc0, float64: 0xcb, uint32: 0xce, array16: 0xdc, array32: 0xdd, fixmap2: 0x82, fixstr: 0xa0 } as const;

function writeArrayHeader(out: ByteWriter, count: number): void {
  if (count < 16) out.byte(0x90 | count);
  else if (count < 0x10000) out.tagged(MSGPACK.array16, 2, count);
  else out.tagged(MSGPACK.array32, 4, count);
}

function writeKey(out: ByteWriter, key: string): void {
  const bytes = new TextEncoder().encode(key);
  out.reserve(1 + bytes.length);
  out.byte(MSGPACK.fixstr | bytes.length);
  out.text(bytes);
}

/** Whole numbers as unsigned integers (as a generic packer writes them), others as float64. */
function writeMsgpackTable(out: ByteWriter, values: Float64Array, cells: MatrixCells, decimals: number): void {
  const scale = 10 ** decimals;
  out.reserve(5 + cells.rowCount * (5 + cells.columnCount * 9));
  writeArrayHeader(out, cells.rowCount);
  for (let row = 0; row < cells.rowCount; row++) {
    writeArrayHeader(out, cells.columnCount);
    const offset = row * cells.columnCount;
    for (let column = 0; column < cells.columnCount; column++) {
      const value = values[offset + column]!;
      if (value < 0) {
        out.byte(MSGPACK.nil);
        continue;
      }
      const rounded = Math.round(value * scale) / scale;
      if (Number.isInteger(rounded) && rounded < 0x80) out.byte(rounded);
      else if (Number.isInteger(rounded) && rounded <= 0xffffffff) out.tagged(MSGPACK.uint32, 4, rounded);
      else out.tagged(MSGPACK.float64, 8, rounded);
    }
  }
}

/** `{durations, distances}` as MessagePack: a map of two arrays of rows. */
export function matrixMsgpack(cells: MatrixCells): Uint8Array {
  const out = fresh();
  out.reserve(1);
  out.byte(MSGPACK.fixmap2);
  writeKey(out, 'durations');
  writeMsgpackTable(out, cells.durations, cells, DURATION_DECIMALS);
  writeKey(out, 'distances');
  writeMsgpackTable(out, cells.distances, cells, DISTANCE_DECIMALS);
  return out.written();
}
