import { closeSync, openSync, renameSync, writeSync } from 'node:fs';
import { readSharedFile } from '../../common/read-shared-file.js';
import type { RoadGraph } from '../graph/road-graph.js';

/** Bump whenever RoadGraph's fields or their meaning change: old cache files are then ignored, not misread. */
export const MAP_FORMAT_VERSION = 9;
const MAGIC = 'FRMAP\0\0\0';
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
  arrays: { name: ArrayField; offset: number; length: number }[];
}

const pad = (n: number): number => Math.ceil(n / ALIGN) * ALIGN;

/**
 * Writes the graph as: magic (8 bytes), u32 header length, JSON header, then every typed array at an
 * 8-byte aligned offset. Written to a temporary name and renamed, so a crash never leaves a torn file.
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
    arrays.push({ name, offset, length: array.length });
    offset = pad(offset + array.byteLength);
  }
  const json = JSON.stringify(header);
  const dataStart = pad(12 + Buffer.byteLength(json));
  const tmp = `${path}.${process.pid}.tmp`;
  const fd = openSync(tmp, 'w');
  try {
    const head = Buffer.alloc(dataStart);
    head.write(MAGIC, 0, 'latin1');
    head.writeUInt32LE(Buffer.byteLength(json), 8);
    head.write(json, 12, 'utf8');
    writeSync(fd, head);
    for (const [i, [name]] of ARRAYS.entries()) {
      const array = graph[name];
      writeSync(fd, new Uint8Array(array.buffer, array.byteOffset, array.byteLength), 0, array.byteLength, dataStart + arrays[i]!.offset);
    }
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

/**
 * Reads a cache file into one SharedArrayBuffer (workers can then share the graph without copies) and
 * returns typed-array views on it; undefined when the file is of another version, another key, or damaged.
 */
export function readMapCacheFile(path: string, key: string): RoadGraph | undefined {
  const bytes = readSharedFile(path);
  return bytes && bytes.length >= 12 ? graphFromBytes(bytes, key) : undefined;
}

function graphFromBytes(bytes: Uint8Array, key: string): RoadGraph | undefined {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.toString('latin1', 0, 8) !== MAGIC) return undefined;
  const jsonLength = buffer.readUInt32LE(8);
  if (12 + jsonLength > bytes.length) return undefined;
  const dataStart = pad(12 + jsonLength);
  let header: Header;
  try {
    header = JSON.parse(buffer.toString('utf8', 12, 12 + jsonLength)) as Header;
  } catch {
    return undefined;
  }
  if (header.version !== MAP_FORMAT_VERSION || header.key !== key || header.arrays.length !== ARRAYS.length) return undefined;
  const graph: Partial<Record<ArrayField, ArrayBufferView>> = {};
  for (const [i, [name, Ctor]] of ARRAYS.entries()) {
    const { length } = header.arrays[i]!;
    const offset = dataStart + header.arrays[i]!.offset;
    if (header.arrays[i]!.name !== name || offset % ALIGN || offset + length * Ctor.BYTES_PER_ELEMENT > bytes.length) return undefined;
    graph[name] = new Ctor(bytes.buffer as ArrayBuffer, offset, length);
  }
  return {
    ...(graph as Pick<RoadGraph, ArrayField>),
    profile: header.profile, restrictionsApplied: header.restrictionsApplied, restrictionsIgnored: header.restrictionsIgnored,
    nodeCount: header.nodeCount, arcCount: header.arcCount,
    primaryArcCount: header.primaryArcCount, edgeCount: header.edgeCount, names: header.names,
  };
}
