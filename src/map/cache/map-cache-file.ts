import { fstatSync } from 'node:fs';
import { arrayDigest, holdsStored, matchDigests, type StoredArray } from '../../common/array-digest.js';
import { DIGEST_CHARS } from '../../common/part-hash.js';
import { FileCutShortError, readExactly, readRangesInParallel, withFileOpenUntil, writeExactly, writeFileAtomically, type FileRange } from '../../common/file-io.js';
import type { RoadGraph } from '../graph/road-graph.js';

/** Bump whenever RoadGraph's fields or their meaning change: old cache files are then ignored, not misread. */
export const MAP_FORMAT_VERSION = 12;
const MAGIC = 'FRMAP\0\0\0';
/** The magic, the header's length and the header's digest. */
const PREFIX_BYTES = 12 + DIGEST_CHARS;
const ALIGN = 8;

type ArrayCtor = Float64ArrayConstructor | Float32ArrayConstructor | Int32ArrayConstructor | Uint32ArrayConstructor | Uint16ArrayConstructor | Uint8ArrayConstructor;
type ArrayField = { [K in keyof RoadGraph]: RoadGraph[K] extends ArrayBufferView ? K : never }[keyof RoadGraph];

const ARRAYS: readonly [ArrayField, ArrayCtor][] = [
  ['nodeLat', Float64Array], ['nodeLon', Float64Array], ['nodeOsmId', Float64Array], ['nodeOrigin', Uint32Array], ['nodeControl', Uint8Array],
  ['component', Uint32Array], ['componentSize', Uint32Array],
  ['tail', Uint32Array], ['head', Uint32Array], ['weight', Uint32Array], ['durationMs', Uint32Array], ['distance', Uint32Array],
  ['arcEdge', Uint32Array], ['arcFlags', Uint16Array], ['arcOrigin', Uint32Array], ['arcCondition', Uint16Array], ['conditionHours', Uint8Array], ['arcSpeedKmh', Float32Array], ['arcFixedMs', Uint32Array],
  ['edgeForwardArc', Int32Array], ['edgeBackwardArc', Int32Array], ['edgeWayId', Float64Array], ['edgeRoadClass', Uint8Array],
  ['edgeNameId', Uint32Array], ['edgeMaxHeightM', Float32Array], ['edgeMaxWeightT', Float32Array],
  ['edgeMaxWidthM', Float32Array], ['edgeMaxLengthM', Float32Array], ['edgeMaxAxleLoadT', Float32Array],
  ['geomStart', Uint32Array], ['geomLat', Int32Array], ['geomLon', Int32Array],
];

interface Header {
  version: number;
  key: string;
  profile: RoadGraph['profile'];
  restrictionsApplied: number;
  restrictionsIgnored: number;
  nodeCount: number;
  arcCount: number;
  primaryArcCount: number;
  edgeCount: number;
  names: string[];
  /** `digest`: the digest of the array's bytes (array-digest.ts); a file without them is read as missing. */
  arrays: { name: ArrayField; offset: number; length: number; digest: string }[];
}

const pad = (n: number): number => Math.ceil(n / ALIGN) * ALIGN;

/**
 * Writes the graph as: magic (8 bytes), u32 header length, the header's digest, JSON header, then every typed
 * array at an 8-byte aligned offset. The header's digest covers what no array's does: counts, profile, names.
 * Written to a temporary name and renamed (writeFileAtomically).
 */
export function writeMapCacheFile(path: string, key: string, graph: RoadGraph): void {
  const arrays: Header['arrays'] = [];
  const header: Header = {
    version: MAP_FORMAT_VERSION, key, profile: graph.profile,
    restrictionsApplied: graph.restrictionsApplied, restrictionsIgnored: graph.restrictionsIgnored, nodeCount: graph.nodeCount, arcCount: graph.arcCount,
    primaryArcCount: graph.primaryArcCount, edgeCount: graph.edgeCount, names: graph.names, arrays,
  };
  // Offsets are relative to the data start, which follows the header: the header never depends on itself.
  let offset = 0;
  for (const [name] of ARRAYS) {
    const array = graph[name];
    arrays.push({ name, offset, length: array.length, digest: arrayDigest(array) });
    offset = pad(offset + array.byteLength);
  }
  const json = Buffer.from(JSON.stringify(header), 'utf8');
  const dataStart = pad(PREFIX_BYTES + json.length);
  writeFileAtomically(path, (fd) => {
    const head = Buffer.alloc(dataStart);
    head.write(MAGIC, 0, 'latin1');
    head.writeUInt32LE(json.length, 8);
    head.write(arrayDigest(json), 12, 'latin1');
    json.copy(head, PREFIX_BYTES);
    writeExactly(fd, head, 0);
    for (const [i, [name]] of ARRAYS.entries()) {
      const array = graph[name];
      writeExactly(fd, new Uint8Array(array.buffer, array.byteOffset, array.byteLength), dataStart + arrays[i]!.offset);
    }
  });
}

/**
 * The file's header and where its arrays start; undefined when it is not such a file or is damaged (its header's
 * bytes not matching their digest included).
 */
function readHeader(fd: number, size: number): { header: Header; dataStart: number } | undefined {
  if (size < PREFIX_BYTES) return undefined;
  const start = Buffer.alloc(PREFIX_BYTES);
  readExactly(fd, start, 0);
  const jsonLength = start.readUInt32LE(8);
  if (start.toString('latin1', 0, 8) !== MAGIC || PREFIX_BYTES + jsonLength > size) return undefined;
  const json = Buffer.alloc(jsonLength);
  readExactly(fd, json, PREFIX_BYTES);
  if (arrayDigest(json) !== start.toString('latin1', 12)) return undefined;
  try {
    return { header: JSON.parse(json.toString('utf8')) as Header, dataStart: pad(PREFIX_BYTES + jsonLength) };
  } catch {
    return undefined;
  }
}

function isCurrent(header: Header, key: string): boolean {
  return header.version === MAP_FORMAT_VERSION && header.key === key && header.arrays?.length === ARRAYS.length &&
    header.arrays.every((stored, i) => stored.name === ARRAYS[i]![0] && typeof stored.digest === 'string' &&
      Number.isSafeInteger(stored.offset) && stored.offset >= 0 && Number.isSafeInteger(stored.length) && stored.length >= 0);
}

/**
 * Reads a cache file's arrays into one SharedArrayBuffer (workers can then share the graph without copies) and
 * returns typed-array views on it, but for the arrays `alike` (another profile's graph of the same map) holds with
 * the same bytes, which are `alike`'s own and not read; undefined when the file is of another version, another
 * key, or damaged (an array whose bytes do not match its digest included).
 */
export async function readMapCacheFile(path: string, key: string, alike?: RoadGraph): Promise<RoadGraph | undefined> {
  return withFileOpenUntil(path, async (fd) => {
    try {
      return await readGraph(fd, key, alike);
    } catch (error) {
      if (error instanceof FileCutShortError) return undefined;
      throw error;
    }
  });
}

async function readGraph(fd: number, key: string, alike: RoadGraph | undefined): Promise<RoadGraph | undefined> {
  const size = fstatSync(fd).size;
  const { header, dataStart = 0 } = readHeader(fd, size) ?? {};
  if (!header || !isCurrent(header, key)) return undefined;
  const inBounds = ARRAYS.every(([, Ctor], i) => {
    const position = dataStart + header.arrays[i]!.offset;
    return position % ALIGN === 0 && position + header.arrays[i]!.length * Ctor.BYTES_PER_ELEMENT <= size;
  });
  if (!inBounds) return undefined;
  const held = ARRAYS.map(([name, Ctor], i) => holdsStored(alike?.[name], Ctor.name, header.arrays[i]!.length, header.arrays[i]!.digest));
  const ownBytes = ARRAYS.reduce((sum, [, Ctor], i) => sum + (held[i] ? 0 : pad(header.arrays[i]!.length * Ctor.BYTES_PER_ELEMENT)), 0);
  const buffer = new SharedArrayBuffer(ownBytes);
  const graph: Partial<Record<ArrayField, ArrayBufferView>> = {};
  const reads: FileRange[] = [];
  const read: StoredArray[] = [];
  let offset = 0;
  for (const [i, [name, Ctor]] of ARRAYS.entries()) {
    if (held[i]) {
      graph[name] = alike![name];
      continue;
    }
    const stored = header.arrays[i]!;
    const array = new Ctor(buffer as unknown as ArrayBuffer, offset, stored.length);
    reads.push({ bytes: new Uint8Array(buffer, offset, array.byteLength), position: dataStart + stored.offset });
    read.push({ array, digest: stored.digest });
    graph[name] = array;
    offset += pad(array.byteLength);
  }
  await readRangesInParallel(fd, reads);
  if (!(await matchDigests(read))) return undefined;
  return {
    ...(graph as Pick<RoadGraph, ArrayField>),
    profile: header.profile, restrictionsApplied: header.restrictionsApplied, restrictionsIgnored: header.restrictionsIgnored,
    nodeCount: header.nodeCount, arcCount: header.arcCount,
    primaryArcCount: header.primaryArcCount, edgeCount: header.edgeCount, names: header.names,
  };
}
