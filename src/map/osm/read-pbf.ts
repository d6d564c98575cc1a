import { open, type FileHandle } from 'node:fs/promises';
import { PbfReader } from 'pbf';
import { emitBlock, type DecodedBlock } from './decoded-block.js';
import type { OsmHandler } from './elements.js';
import { OsmFormatError } from './osm-format-error.js';
import { PbfDecoderPool } from './pbf-decoder-pool.js';
import { unpackBlob } from './pbf-primitive-block.js';
import type { ReadOsmOptions } from './read-options.js';

const SUPPORTED_FEATURES = new Set(['OsmSchema-V0.6', 'DenseNodes']);
const MAX_HEADER_BYTES = 64 * 1024;
const MAX_BLOB_BYTES = 32 * 1024 * 1024;

interface RawBlob { type: string; blob: Uint8Array; end: number }

async function readExactly(fh: FileHandle, position: number, length: number, path: string): Promise<Uint8Array> {
  // A fresh buffer per blob: it is transferred to a worker, so it must not share a pooled ArrayBuffer.
  const bytes = new Uint8Array(length);
  const { bytesRead } = await fh.read(bytes, 0, length, position);
  if (bytesRead !== length) throw new OsmFormatError(`truncated at byte ${position + bytesRead}`, path);
  return bytes;
}

function parseBlobHeader(bytes: Uint8Array): { type: string; dataSize: number } {
  const pbf = new PbfReader(bytes);
  let type = '', dataSize = -1, field: number;
  while ((field = pbf.nextField())) {
    if (field === 1) type = pbf.readString();
    else if (field === 3) dataSize = pbf.readVarint();
  }
  return { type, dataSize };
}

/** File framing: repeated (big-endian u32 header length, BlobHeader, Blob). */
async function* readBlobs(fh: FileHandle, size: number, path: string): AsyncGenerator<RawBlob> {
  let position = 0;
  while (position < size) {
    const lengthBytes = await readExactly(fh, position, 4, path);
    const headerLength = new DataView(lengthBytes.buffer).getUint32(0);
    if (headerLength === 0 || headerLength > MAX_HEADER_BYTES) throw new OsmFormatError('not an OSM PBF file', path);
    const header = parseBlobHeader(await readExactly(fh, position + 4, headerLength, path));
    if (header.dataSize < 0 || header.dataSize > MAX_BLOB_BYTES) throw new OsmFormatError('bad blob size', path);
    const blobStart = position + 4 + headerLength;
    position = blobStart + header.dataSize;
    yield { type: header.type, blob: await readExactly(fh, blobStart, header.dataSize, path), end: position };
  }
}

async function decoded(block: Promise<DecodedBlock>, path: string): Promise<DecodedBlock> {
  try {
    return await block;
  } catch (error) {
    throw new OsmFormatError((error as Error).message, path);
  }
}

function checkHeaderBlock(blob: Uint8Array, path: string): void {
  let payload: Uint8Array;
  try {
    payload = unpackBlob(blob);
  } catch (error) {
    throw new OsmFormatError((error as Error).message, path);
  }
  const pbf = new PbfReader(payload);
  let field: number;
  while ((field = pbf.nextField())) {
    if (field !== 4) continue;
    const feature = pbf.readString();
    if (!SUPPORTED_FEATURES.has(feature)) throw new OsmFormatError(`unsupported required feature ${feature}`, path);
  }
}

/**
 * Streams a `.osm.pbf`: the main thread reads blob framing and keeps a bounded number of blobs in flight
 * in the decoder pool; decoded blocks are handed to the handler strictly in file order.
 */
export async function readPbf(path: string, handler: OsmHandler, options: ReadOsmOptions = {}): Promise<void> {
  const fh = await open(path, 'r');
  const pool = new PbfDecoderPool(options.workers);
  const inFlight: Promise<DecodedBlock>[] = [];
  const maxInFlight = pool.size * 2;
  // Elements no callback takes are skipped in the decoder: a pass over the ways alone skips the nodes' varints.
  const kinds = { nodes: handler.node !== undefined, ways: handler.way !== undefined, relations: handler.relation !== undefined };
  try {
    const { size } = await fh.stat();
    for await (const { type, blob, end } of readBlobs(fh, size, path)) {
      if (type === 'OSMHeader') checkHeaderBlock(blob, path);
      if (type !== 'OSMData') continue;
      const block = pool.decode(blob, kinds);
      block.catch(() => undefined); // awaited in order below; this only stops an early unhandled rejection
      inFlight.push(block);
      if (inFlight.length >= maxInFlight) emitBlock(await decoded(inFlight.shift()!, path), handler);
      options.onProgress?.(end / size);
    }
    while (inFlight.length > 0) emitBlock(await decoded(inFlight.shift()!, path), handler);
  } finally {
    await Promise.all([fh.close(), pool.close()]);
  }
}
