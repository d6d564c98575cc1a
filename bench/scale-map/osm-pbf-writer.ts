/**
 * A streaming OSM PBF writer: nodes (as DenseNodes), then ways, then relations, in blocks of at most 8,000
 * elements, each zlib-compressed, so that a region of tens of millions of nodes is written without holding it.
 * What it writes is the format every OSM tool reads (osmium, OSRM, our importer); the bench writes the
 * synthetic regions of docs/scale.md with it.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { PbfWriter } from 'pbf';

export type OsmTags = Record<string, string>;
export interface OsmMember { type: 'node' | 'way' | 'relation'; ref: number; role: string }

const BLOCK_ELEMENTS = 8000;
/** OSM PBF's default: coordinates in units of 100 nanodegrees. */
const COORDINATE_UNITS_PER_DEGREE = 1e7;
const MEMBER_TYPES = { node: 0, way: 1, relation: 2 } as const;

interface PendingNode { id: number; lat: number; lon: number; tags: OsmTags | undefined }
interface PendingWay { id: number; refs: number[]; tags: OsmTags }
interface PendingRelation { id: number; members: OsmMember[]; tags: OsmTags }
type Kind = 'nodes' | 'ways' | 'relations';

/** The block's string table: index 0 is the empty string by the format's rule. */
class StringTable {
  private readonly index = new Map<string, number>([['', 0]]);
  readonly strings: string[] = [''];

  id(text: string): number {
    let id = this.index.get(text);
    if (id === undefined) {
      id = this.strings.length;
      this.index.set(text, id);
      this.strings.push(text);
    }
    return id;
  }
}

function deltas(values: number[]): number[] {
  const out = new Array<number>(values.length);
  for (let i = 0; i < values.length; i++) out[i] = values[i]! - (i > 0 ? values[i - 1]! : 0);
  return out;
}

function writeDenseNodes(nodes: PendingNode[], strings: StringTable, pbf: PbfWriter): void {
  const keysVals: number[] = [];
  for (const node of nodes) {
    for (const [key, value] of Object.entries(node.tags ?? {})) keysVals.push(strings.id(key), strings.id(value));
    keysVals.push(0);
  }
  pbf.writePackedSVarint(1, deltas(nodes.map((node) => node.id)));
  pbf.writePackedSVarint(8, deltas(nodes.map((node) => Math.round(node.lat * COORDINATE_UNITS_PER_DEGREE))));
  pbf.writePackedSVarint(9, deltas(nodes.map((node) => Math.round(node.lon * COORDINATE_UNITS_PER_DEGREE))));
  pbf.writePackedVarint(10, keysVals);
}

function writeTags(tags: OsmTags, strings: StringTable, pbf: PbfWriter): void {
  const entries = Object.entries(tags);
  pbf.writePackedVarint(2, entries.map(([key]) => strings.id(key)));
  pbf.writePackedVarint(3, entries.map(([, value]) => strings.id(value)));
}

function writeWay(way: PendingWay, strings: StringTable, pbf: PbfWriter): void {
  pbf.writeVarintField(1, way.id);
  writeTags(way.tags, strings, pbf);
  pbf.writePackedSVarint(8, deltas(way.refs));
}

function writeRelation(relation: PendingRelation, strings: StringTable, pbf: PbfWriter): void {
  pbf.writeVarintField(1, relation.id);
  writeTags(relation.tags, strings, pbf);
  pbf.writePackedVarint(8, relation.members.map((member) => strings.id(member.role)));
  pbf.writePackedSVarint(9, deltas(relation.members.map((member) => member.ref)));
  pbf.writePackedVarint(10, relation.members.map((member) => MEMBER_TYPES[member.type]));
}

export class OsmPbfWriter {
  private readonly fd: number;
  private kind: Kind = 'nodes';
  private nodes: PendingNode[] = [];
  private ways: PendingWay[] = [];
  private relations: PendingRelation[] = [];

  constructor(path: string) {
    this.fd = openSync(path, 'w');
    const header = new PbfWriter();
    for (const feature of ['OsmSchema-V0.6', 'DenseNodes']) header.writeStringField(4, feature);
    header.writeStringField(16, 'fleetroute bench');
    this.writeBlob('OSMHeader', header.finish());
  }

  node(id: number, lat: number, lon: number, tags?: OsmTags): void {
    this.enter('nodes');
    this.nodes.push({ id, lat, lon, tags });
    if (this.nodes.length === BLOCK_ELEMENTS) this.flush();
  }

  way(id: number, refs: number[], tags: OsmTags): void {
    this.enter('ways');
    this.ways.push({ id, refs, tags });
    if (this.ways.length === BLOCK_ELEMENTS) this.flush();
  }

  relation(id: number, members: OsmMember[], tags: OsmTags): void {
    this.enter('relations');
    this.relations.push({ id, members, tags });
    if (this.relations.length === BLOCK_ELEMENTS) this.flush();
  }

  close(): void {
    this.flush();
    closeSync(this.fd);
  }

  /** Readers expect nodes before ways before relations: an element of an earlier kind after a later one is a bug. */
  private enter(kind: Kind): void {
    const order: Kind[] = ['nodes', 'ways', 'relations'];
    if (order.indexOf(kind) < order.indexOf(this.kind)) throw new Error(`OSM PBF: ${kind} written after ${this.kind}`);
    if (kind !== this.kind) this.flush();
    this.kind = kind;
  }

  private flush(): void {
    if (this.nodes.length + this.ways.length + this.relations.length === 0) return;
    const strings = new StringTable();
    const group = new PbfWriter();
    if (this.nodes.length > 0) group.writeMessage(2, (nodes: PendingNode[], pbf: PbfWriter) => writeDenseNodes(nodes, strings, pbf), this.nodes);
    for (const way of this.ways) group.writeMessage(3, (w: PendingWay, pbf: PbfWriter) => writeWay(w, strings, pbf), way);
    for (const relation of this.relations) group.writeMessage(4, (r: PendingRelation, pbf: PbfWriter) => writeRelation(r, strings, pbf), relation);
    const groupBytes = group.finish();
    const block = new PbfWriter();
    // The string table is complete only once the group is written, but precedes it in the block.
    block.writeMessage(1, (table: string[], pbf: PbfWriter) => table.forEach((text) => pbf.writeBytesField(1, new TextEncoder().encode(text))), strings.strings);
    block.writeBytesField(2, groupBytes);
    this.writeBlob('OSMData', block.finish());
    this.nodes = [];
    this.ways = [];
    this.relations = [];
  }

  private writeBlob(type: string, payload: Uint8Array): void {
    const blob = new PbfWriter();
    blob.writeVarintField(2, payload.byteLength);
    blob.writeBytesField(3, deflateSync(payload));
    const blobBytes = blob.finish();
    const header = new PbfWriter();
    header.writeStringField(1, type);
    header.writeVarintField(3, blobBytes.byteLength);
    const headerBytes = header.finish();
    const length = Buffer.alloc(4);
    length.writeUInt32BE(headerBytes.byteLength);
    writeSync(this.fd, length);
    writeSync(this.fd, headerBytes);
    writeSync(this.fd, blobBytes);
  }
}
