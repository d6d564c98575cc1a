import { inflateSync } from 'node:zlib';
import { PbfReader } from 'pbf';
import type { DecodedBlock } from './decoded-block.js';
import type { OsmMember, OsmMemberType, OsmRelation } from './elements.js';
import { readPackedDeltas, readPackedUints } from './packed-varints.js';

// Field numbers from OSM's fileformat.proto / osmformat.proto.
const BLOB_RAW = 1, BLOB_ZLIB = 3, BLOB_LZMA = 4, BLOB_LZ4 = 6, BLOB_ZSTD = 7;
const BLOCK_STRINGTABLE = 1, BLOCK_GROUP = 2, BLOCK_GRANULARITY = 17, BLOCK_LAT_OFFSET = 19, BLOCK_LON_OFFSET = 20;
const GROUP_NODE = 1, GROUP_DENSE = 2, GROUP_WAY = 3, GROUP_RELATION = 4;
const MEMBER_TYPES: readonly OsmMemberType[] = ['node', 'way', 'relation'];
const EMPTY_F64: Float64Array = new Float64Array(0);
const EMPTY_U32: Uint32Array = new Uint32Array(0);

/** Unpacks a `Blob` message (raw or zlib; other codecs are rejected) into its payload bytes. */
export function unpackBlob(blob: Uint8Array): Uint8Array {
  const pbf = new PbfReader(blob);
  let field: number;
  while ((field = pbf.nextField())) {
    if (field === BLOB_RAW) return pbf.readBytes();
    if (field === BLOB_ZLIB) return inflateSync(pbf.readBytes());
    if (field === BLOB_LZMA || field === BLOB_LZ4 || field === BLOB_ZSTD) {
      throw new Error(`unsupported blob compression (field ${field}); re-encode the file with zlib`);
    }
  }
  throw new Error('blob without data');
}

/** Growable columns filled while decoding; turned into typed arrays once at the end. */
class BlockBuilder {
  nodeIds: number[] = []; nodeLat: number[] = []; nodeLon: number[] = []; nodeTagStart: number[] = [0];
  wayIds: number[] = []; wayRefStart: number[] = [0]; wayRefs: number[] = []; wayTagStart: number[] = [0];
  nodeTags: string[] = [];
  wayTags: string[] = [];
  relations: OsmRelation[] = [];

  finish(): DecodedBlock {
    return {
      nodeIds: Float64Array.from(this.nodeIds), nodeLat: Float64Array.from(this.nodeLat),
      nodeLon: Float64Array.from(this.nodeLon), nodeTagStart: Uint32Array.from(this.nodeTagStart),
      wayIds: Float64Array.from(this.wayIds), wayRefStart: Uint32Array.from(this.wayRefStart),
      wayRefs: Float64Array.from(this.wayRefs), wayTagStart: Uint32Array.from(this.wayTagStart),
      nodeTags: this.nodeTags, wayTags: this.wayTags, relations: this.relations,
    };
  }
}

/** Which kinds of element a reader wants decoded; the others are skipped over undecoded. */
export interface ElementKinds { nodes: boolean; ways: boolean; relations: boolean }

export const ALL_KINDS: ElementKinds = { nodes: true, ways: true, relations: true };

interface BlockContext {
  kinds: ElementKinds;
  strings: string[];
  granularity: number;
  latOffset: number;
  lonOffset: number;
  out: BlockBuilder;
}

function readStringTable(pbf: PbfReader, end: number): string[] {
  const decoder = new TextDecoder();
  const strings: string[] = [];
  while (pbf.nextField(end)) strings.push(decoder.decode(pbf.readBytes()));
  return strings;
}

function readDense(pbf: PbfReader, end: number, ctx: BlockContext): void {
  let ids = EMPTY_F64, lats = EMPTY_F64, lons = EMPTY_F64, keysVals = EMPTY_U32;
  let field: number;
  while ((field = pbf.nextField(end))) {
    if (field === 1) ids = readPackedDeltas(pbf);
    else if (field === 8) lats = readPackedDeltas(pbf);
    else if (field === 9) lons = readPackedDeltas(pbf);
    else if (field === 10) keysVals = readPackedUints(pbf);
  }
  if (lats.length !== ids.length || lons.length !== ids.length) throw new Error('dense nodes with mismatched columns');
  const { out, strings, granularity, latOffset, lonOffset } = ctx;
  let kv = 0;
  for (let i = 0; i < ids.length; i++) {
    out.nodeIds.push(ids[i]!);
    out.nodeLat.push((latOffset + granularity * lats[i]!) / 1e9);
    out.nodeLon.push((lonOffset + granularity * lons[i]!) / 1e9);
    // keys_vals: (key, value)* 0 per node; absent entirely when no node in the block has tags.
    while (kv < keysVals.length && keysVals[kv] !== 0) {
      out.nodeTags.push(strings[keysVals[kv]!]!, strings[keysVals[kv + 1]!]!);
      kv += 2;
    }
    kv++;
    out.nodeTagStart.push(out.nodeTags.length / 2);
  }
}

function pushKeyValues(tags: string[], strings: string[], keys: Uint32Array, vals: Uint32Array): void {
  for (let i = 0; i < keys.length; i++) tags.push(strings[keys[i]!]!, strings[vals[i]!]!);
}

function readNode(pbf: PbfReader, end: number, ctx: BlockContext): void {
  let id = 0, lat = 0, lon = 0, keys = EMPTY_U32, vals = EMPTY_U32;
  let field: number;
  while ((field = pbf.nextField(end))) {
    if (field === 1) id = pbf.readSVarint();
    else if (field === 2) keys = readPackedUints(pbf);
    else if (field === 3) vals = readPackedUints(pbf);
    else if (field === 8) lat = pbf.readSVarint();
    else if (field === 9) lon = pbf.readSVarint();
  }
  const { out } = ctx;
  out.nodeIds.push(id);
  out.nodeLat.push((ctx.latOffset + ctx.granularity * lat) / 1e9);
  out.nodeLon.push((ctx.lonOffset + ctx.granularity * lon) / 1e9);
  pushKeyValues(out.nodeTags, ctx.strings, keys, vals);
  out.nodeTagStart.push(out.nodeTags.length / 2);
}

function readWay(pbf: PbfReader, end: number, ctx: BlockContext): void {
  let id = 0, keys = EMPTY_U32, vals = EMPTY_U32, refs = EMPTY_F64;
  let field: number;
  while ((field = pbf.nextField(end))) {
    if (field === 1) id = pbf.readVarint();
    else if (field === 2) keys = readPackedUints(pbf);
    else if (field === 3) vals = readPackedUints(pbf);
    else if (field === 8) refs = readPackedDeltas(pbf);
  }
  const { out } = ctx;
  out.wayIds.push(id);
  for (const ref of refs) out.wayRefs.push(ref);
  out.wayRefStart.push(out.wayRefs.length);
  pushKeyValues(out.wayTags, ctx.strings, keys, vals);
  out.wayTagStart.push(out.wayTags.length / 2);
}

function readRelation(pbf: PbfReader, end: number, ctx: BlockContext): void {
  let id = 0, keys = EMPTY_U32, vals = EMPTY_U32, roles = EMPTY_U32, memids = EMPTY_F64, types = EMPTY_U32;
  let field: number;
  while ((field = pbf.nextField(end))) {
    if (field === 1) id = pbf.readVarint();
    else if (field === 2) keys = readPackedUints(pbf);
    else if (field === 3) vals = readPackedUints(pbf);
    else if (field === 8) roles = readPackedUints(pbf);
    else if (field === 9) memids = readPackedDeltas(pbf);
    else if (field === 10) types = readPackedUints(pbf);
  }
  const tags: Record<string, string> = {};
  for (let i = 0; i < keys.length; i++) tags[ctx.strings[keys[i]!]!] = ctx.strings[vals[i]!]!;
  const members: OsmMember[] = [];
  for (let i = 0; i < memids.length; i++) {
    members.push({ type: MEMBER_TYPES[types[i]!] ?? 'node', ref: memids[i]!, role: ctx.strings[roles[i]!] ?? '' });
  }
  ctx.out.relations.push({ id, members, tags });
}

function readGroup(pbf: PbfReader, end: number, ctx: BlockContext): void {
  const { nodes, ways, relations } = ctx.kinds;
  let field: number;
  while ((field = pbf.nextField(end))) {
    const elementEnd = pbf.readVarint() + pbf.pos;
    if (field === GROUP_DENSE && nodes) readDense(pbf, elementEnd, ctx);
    else if (field === GROUP_NODE && nodes) readNode(pbf, elementEnd, ctx);
    else if (field === GROUP_WAY && ways) readWay(pbf, elementEnd, ctx);
    else if (field === GROUP_RELATION && relations) readRelation(pbf, elementEnd, ctx);
    else pbf.pos = elementEnd;
  }
}

/**
 * Decodes one `OSMData` blob. Granularity and offsets are encoded after the groups (higher field numbers),
 * so the block is scanned once for them and the group ranges, then the groups are decoded.
 */
export function decodePrimitiveBlob(blob: Uint8Array, kinds: ElementKinds = ALL_KINDS): DecodedBlock {
  const pbf = new PbfReader(unpackBlob(blob));
  const ctx: BlockContext = { kinds, strings: [], granularity: 100, latOffset: 0, lonOffset: 0, out: new BlockBuilder() };
  const groups: number[] = [];
  let field: number;
  while ((field = pbf.nextField())) {
    if (field === BLOCK_STRINGTABLE) ctx.strings = readStringTable(pbf, pbf.readVarint() + pbf.pos);
    else if (field === BLOCK_GROUP) {
      const length = pbf.readVarint();
      groups.push(pbf.pos, pbf.pos + length);
      pbf.pos += length;
    } else if (field === BLOCK_GRANULARITY) ctx.granularity = pbf.readVarint();
    else if (field === BLOCK_LAT_OFFSET) ctx.latOffset = pbf.readVarint(true);
    else if (field === BLOCK_LON_OFFSET) ctx.lonOffset = pbf.readVarint(true);
  }
  for (let g = 0; g < groups.length; g += 2) {
    pbf.pos = groups[g]!;
    readGroup(pbf, groups[g + 1]!, ctx);
  }
  return ctx.out.finish();
}
