/**
 * The matrix answer written straight from the kernels' whole milliseconds and centimetres into bytes, as JSON or
 * MessagePack. A 1000 × 1000 answer is two million numbers: building nested arrays and handing them to
 * `JSON.stringify` or a generic packer costs several times the search itself (docs/routing-service.md, Matrices
 * as a client sees them).
 *
 * Durations are written in whole seconds, as the service writes every time, and distances to the centimetre, as
 * `/v1/path` writes them; the text is exactly what `JSON.stringify` writes of those numbers. Unreachable cells
 * are `null`. The MessagePack answer with typed rows (docs/api.md, Matrices) writes every row as one float64
 * array instead, NaN where no path exists, which a client unpacks with one copy per row.
 */
import { UNREACHED } from '../../kernels/index.js';

/** What the travel matrix computes (travel-matrix.ts) and the answer needs. */
export interface MatrixCells {
  sourceCount: number;
  destinationCount: number;
  /** Row-major whole milliseconds at the metric's speeds; UNREACHED where no path exists. */
  durationsMs: Uint32Array;
  /** Row-major whole centimetres; UNREACHED where no path exists. */
  distancesCm: Uint32Array;
  /** The vehicle's driving speed, in percent of the metric's: durations stretch by 100 / this. */
  speedPercentage: number;
}

/** Decimal places written: whole seconds, centimetres of a metre. */
const DURATION_DECIMALS = 0;
const DISTANCE_DECIMALS = 2;

const ASCII = { comma: 0x2c, zero: 0x30, open: 0x5b, close: 0x5d } as const;

/**
 * A buffer reused across answers, since a worker computes one at a time: its pages stay touched, and only the
 * copy of exactly the written bytes lands on fresh memory (that copy is moved to the HTTP thread as it is,
 * src/pool/worker.ts). Each answer reserves its bound before writing, so the buffer never grows in the middle of one.
 */
class ByteWriter {
  bytes = new Uint8Array(1 << 16);
  /** Big-endian numbers, as MessagePack writes them. */
  view = new DataView(this.bytes.buffer);
  length = 0;

  /** Starts an answer of at most `capacity` bytes. */
  restart(capacity: number): this {
    this.length = 0;
    if (capacity > this.bytes.length) {
      let size = this.bytes.length * 2;
      while (size < capacity) size *= 2;
      this.bytes = new Uint8Array(size);
      this.view = new DataView(this.bytes.buffer);
    }
    return this;
  }

  byte(value: number): void {
    this.bytes[this.length++] = value;
  }

  /** A MessagePack tag byte followed by its value in `size` bytes (1, 2 and 4: unsigned, 8: float64). */
  tagged(tag: number, size: 1 | 2 | 4 | 8, value: number): void {
    this.bytes[this.length++] = tag;
    if (size === 1) this.bytes[this.length] = value;
    else if (size === 2) this.view.setUint16(this.length, value);
    else if (size === 4) this.view.setUint32(this.length, value);
    else this.view.setFloat64(this.length, value);
    this.length += size;
  }

  text(value: Uint8Array): void {
    this.bytes.set(value, this.length);
    this.length += value.length;
  }

  /** A copy of what was written, in a buffer of its own: the scratch stays with the writer. */
  written(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

const scratch = new ByteWriter();

/** Whole seconds per cell, reused across answers for the same reason as the byte scratch. */
let secondsScratch = new Uint32Array(0);

/**
 * Durations at the vehicle's speed in whole seconds, computed and rounded as `/v1/path` computes and writes a
 * leg's time (atVehicleSpeed, formatTimespan), so that a cell reads as that path's `driving_time`.
 */
function wholeSeconds(cells: MatrixCells): Uint32Array {
  const milliseconds = cells.durationsMs;
  if (secondsScratch.length < milliseconds.length) secondsScratch = new Uint32Array(milliseconds.length);
  const seconds = secondsScratch.subarray(0, milliseconds.length);
  const percentage = cells.speedPercentage;
  for (let i = 0; i < milliseconds.length; i++) {
    const value = milliseconds[i]!;
    if (value === UNREACHED) seconds[i] = UNREACHED;
    // The same rounding in integer arithmetic: Math.round on floats took ten times as long per million cells.
    else if (percentage === 100) seconds[i] = ((value + 500) / 1000) >>> 0;
    else seconds[i] = Math.round((value * 100) / percentage / 1000);
  }
  return seconds;
}

/**
 * "00" to "99" as big-endian 16-bit words: two digits per division and per store. Stores go through a DataView,
 * which writes 2 or 4 bytes at any offset in one instruction; together with the fraction table below this
 * halved the time of writing a 1000 × 1000 answer (docs/routing-service.md).
 */
const DIGIT_PAIRS = Uint16Array.from({ length: 100 }, (_, pair) => ((ASCII.zero + Math.floor(pair / 10)) << 8) | (ASCII.zero + (pair % 10)));

/** `null`, big-endian. */
const NULL_WORD = 0x6e756c6c;

/** Digits of an unsigned 32-bit number. */
function digitCount(value: number): number {
  if (value < 10_000) return value < 100 ? (value < 10 ? 1 : 2) : value < 1000 ? 3 : 4;
  if (value < 100_000_000) return value < 1_000_000 ? (value < 100_000 ? 5 : 6) : value < 10_000_000 ? 7 : 8;
  return value < 1_000_000_000 ? 9 : 10;
}

/** An unsigned 32-bit number's digits ending at `end`, in integer arithmetic (V8 keeps it in integer registers). */
function writeWholeBefore(out: ByteWriter, end: number, whole: number): void {
  let position = end;
  let value = whole;
  while (value >= 100) {
    const quotient = (value / 100) >>> 0;
    position -= 2;
    out.view.setUint16(position, DIGIT_PAIRS[value - quotient * 100]!);
    value = quotient;
  }
  if (value >= 10) out.view.setUint16(position - 2, DIGIT_PAIRS[value]!);
  else out.bytes[position - 1] = ASCII.zero + value;
}

/**
 * The text after the whole part of every fraction `0 … 10^decimals − 1` (at most 3 decimals): nothing for 0, else
 * the dot and the digits without trailing zeros (`.5` for 50 hundredths), as one big-endian word padded with
 * zeros. It is stored whole, so up to 3 bytes past the text are overwritten (by what follows, or left past the end).
 */
class FractionTexts {
  readonly scale: number;
  readonly decimals: number;
  readonly #words: Uint32Array;
  readonly #lengths: Uint8Array;

  constructor(decimals: number) {
    this.decimals = decimals;
    this.scale = 10 ** decimals;
    this.#words = new Uint32Array(this.scale);
    this.#lengths = new Uint8Array(this.scale);
    for (let fraction = 1; fraction < this.scale; fraction++) {
      const text = `.${String(fraction).padStart(decimals, '0').replace(/0+$/, '')}`;
      for (let i = 0; i < 4; i++) this.#words[fraction] = (this.#words[fraction]! << 8) | (text.charCodeAt(i) || 0);
      this.#lengths[fraction] = text.length;
    }
  }

  /** Writes the text of `fraction` at `at`; returns where it ends. */
  write(out: ByteWriter, at: number, fraction: number): number {
    if (fraction === 0) return at;
    out.view.setUint32(at, this.#words[fraction]!);
    return at + this.#lengths[fraction]!;
  }
}

/** Bytes a buffer needs past the text for the whole-word stores of the last fraction. */
const STORE_SLACK = 3;

const DURATION_FRACTIONS = new FractionTexts(DURATION_DECIMALS);
const DISTANCE_FRACTIONS = new FractionTexts(DISTANCE_DECIMALS);

/** `fixed / scale` in decimal at `at`, trailing zeros and a bare dot dropped; returns where it ends. */
function writeFixed(out: ByteWriter, at: number, fixed: number, fractions: FractionTexts): number {
  const whole = (fixed / fractions.scale) >>> 0;
  const end = at + digitCount(whole);
  writeWholeBefore(out, end, whole);
  return fractions.write(out, end, fixed - whole * fractions.scale);
}

/** One row's cells, comma-separated, at `at`; returns where they end. */
function writeJsonRow(out: ByteWriter, at: number, values: Uint32Array, from: number, to: number, fractions: FractionTexts): number {
  let position = at;
  for (let index = from; index < to; index++) {
    if (index > from) out.bytes[position++] = ASCII.comma;
    const value = values[index]!;
    if (value === UNREACHED) {
      out.view.setUint32(position, NULL_WORD);
      position += 4;
    } else position = writeFixed(out, position, value, fractions);
  }
  return position;
}

/** `null` and its comma. */
const NULL_CELL_BYTES = 5;

/**
 * Bytes that `values` take at most as a JSON table: every cell as wide as the widest value (whole digits, dot,
 * decimals, comma), so that the bound follows the map's scale instead of the 12 bytes a cell may take at worst.
 */
function jsonTableBound(values: Uint32Array, cells: MatrixCells, fractions: FractionTexts): number {
  let largest = 0;
  for (let index = 0; index < values.length; index++) {
    const value = values[index]!;
    if (value !== UNREACHED && value > largest) largest = value;
  }
  const widest = digitCount((largest / fractions.scale) >>> 0) + fractions.decimals + 2;
  return 2 + cells.sourceCount * (3 + cells.destinationCount * Math.max(widest, NULL_CELL_BYTES));
}

function writeJsonTable(out: ByteWriter, values: Uint32Array, cells: MatrixCells, fractions: FractionTexts): void {
  const bytes = out.bytes;
  let position = out.length;
  bytes[position++] = ASCII.open;
  for (let row = 0; row < cells.sourceCount; row++) {
    if (row > 0) bytes[position++] = ASCII.comma;
    bytes[position++] = ASCII.open;
    const offset = row * cells.destinationCount;
    position = writeJsonRow(out, position, values, offset, offset + cells.destinationCount, fractions);
    bytes[position++] = ASCII.close;
  }
  bytes[position++] = ASCII.close;
  out.length = position;
}

const jsonKeys = {
  durations: new TextEncoder().encode('{"durations":'),
  distances: new TextEncoder().encode(',"distances":'),
  end: new TextEncoder().encode('}'),
};

/** `{"durations":[[…]],"distances":[[…]]}` as UTF-8. */
export function matrixJson(cells: MatrixCells): Uint8Array {
  const seconds = wholeSeconds(cells);
  const keyBytes = jsonKeys.durations.length + jsonKeys.distances.length + jsonKeys.end.length;
  const tableBytes = jsonTableBound(seconds, cells, DURATION_FRACTIONS) + jsonTableBound(cells.distancesCm, cells, DISTANCE_FRACTIONS);
  const out = scratch.restart(keyBytes + tableBytes + STORE_SLACK);
  out.text(jsonKeys.durations);
  writeJsonTable(out, seconds, cells, DURATION_FRACTIONS);
  out.text(jsonKeys.distances);
  writeJsonTable(out, cells.distancesCm, cells, DISTANCE_FRACTIONS);
  out.text(jsonKeys.end);
  return out.written();
}

const MSGPACK = {
  nil: 0xc0, ext8: 0xc7, ext16: 0xc8, ext32: 0xc9, float64: 0xcb, uint8: 0xcc, uint16: 0xcd, uint32: 0xce, array16: 0xdc, array32: 0xdd,
  fixmap2: 0x82, fixstr: 0xa0,
} as const;

function writeArrayHeader(out: ByteWriter, count: number): void {
  if (count < 16) out.byte(0x90 | count);
  else if (count < 0x10000) out.tagged(MSGPACK.array16, 2, count);
  else out.tagged(MSGPACK.array32, 4, count);
}

/** In the fewest bytes, as a generic packer writes it. */
function writeUnsigned(out: ByteWriter, value: number): void {
  if (value < 0x80) out.byte(value);
  else if (value < 0x100) out.tagged(MSGPACK.uint8, 1, value);
  else if (value < 0x10000) out.tagged(MSGPACK.uint16, 2, value);
  else out.tagged(MSGPACK.uint32, 4, value);
}

const msgpackKeys = {
  durations: msgpackKey('durations'),
  distances: msgpackKey('distances'),
};

function msgpackKey(key: string): Uint8Array {
  const text = new TextEncoder().encode(key);
  return Uint8Array.of(MSGPACK.fixstr | text.length, ...text);
}

/** A float64 cell (the widest) in every place, and the array headers. */
function msgpackTableBound(cells: MatrixCells): number {
  return 5 + cells.sourceCount * (5 + cells.destinationCount * 9);
}

/** Whole numbers as unsigned integers, others as float64. */
function writeMsgpackTable(out: ByteWriter, values: Uint32Array, cells: MatrixCells, fractions: FractionTexts): void {
  const scale = fractions.scale;
  writeArrayHeader(out, cells.sourceCount);
  for (let row = 0; row < cells.sourceCount; row++) {
    writeArrayHeader(out, cells.destinationCount);
    const offset = row * cells.destinationCount;
    for (let column = 0; column < cells.destinationCount; column++) {
      const value = values[offset + column]!;
      if (value === UNREACHED) out.byte(MSGPACK.nil);
      else if (value % scale === 0) writeUnsigned(out, value / scale);
      else out.tagged(MSGPACK.float64, 8, value / scale);
    }
  }
}

/**
 * The extension msgpackr (and any client that registers it) unpacks into a typed array: type "t", then the
 * array's kind (its index in msgpackr's list of typed arrays) and its bytes, little-endian.
 */
const TYPED_ARRAY_EXTENSION = 0x74;
const FLOAT64_ARRAY_KIND = 8;
const FLOAT64_BYTES = 8;

function writeExtensionHeader(out: ByteWriter, dataBytes: number): void {
  if (dataBytes < 0x100) out.tagged(MSGPACK.ext8, 1, dataBytes);
  else if (dataBytes < 0x10000) out.tagged(MSGPACK.ext16, 2, dataBytes);
  else out.tagged(MSGPACK.ext32, 4, dataBytes);
  out.byte(TYPED_ARRAY_EXTENSION);
}

/** The array headers and, per row, the extension's header (at most 6 bytes), its kind and its floats. */
function typedTableBound(cells: MatrixCells): number {
  return 5 + cells.sourceCount * (7 + cells.destinationCount * FLOAT64_BYTES);
}

/** Each row one Float64Array of `value / scale`, NaN where unreachable. */
function writeTypedTable(out: ByteWriter, values: Uint32Array, cells: MatrixCells, fractions: FractionTexts): void {
  const scale = fractions.scale;
  writeArrayHeader(out, cells.sourceCount);
  for (let row = 0; row < cells.sourceCount; row++) {
    writeExtensionHeader(out, 1 + cells.destinationCount * FLOAT64_BYTES);
    out.byte(FLOAT64_ARRAY_KIND);
    const offset = row * cells.destinationCount;
    for (let column = 0; column < cells.destinationCount; column++) {
      const value = values[offset + column]!;
      out.view.setFloat64(out.length, value === UNREACHED ? NaN : value / scale, true);
      out.length += FLOAT64_BYTES;
    }
  }
}

/** How a MessagePack answer writes its rows: as arrays of numbers and nulls, or as typed arrays. */
export type MsgpackRows = 'arrays' | 'typed';

/** `{durations, distances}` as MessagePack: a map of two arrays of rows. */
export function matrixMsgpack(cells: MatrixCells, rows: MsgpackRows = 'arrays'): Uint8Array {
  const seconds = wholeSeconds(cells);
  const [writeTable, tableBound] = rows === 'typed' ? [writeTypedTable, typedTableBound] : [writeMsgpackTable, msgpackTableBound];
  const out = scratch.restart(1 + msgpackKeys.durations.length + msgpackKeys.distances.length + 2 * tableBound(cells));
  out.byte(MSGPACK.fixmap2);
  out.text(msgpackKeys.durations);
  writeTable(out, seconds, cells, DURATION_FRACTIONS);
  out.text(msgpackKeys.distances);
  writeTable(out, cells.distancesCm, cells, DISTANCE_FRACTIONS);
  return out.written();
}
