import { deflateSync } from 'node:zlib';
import { PbfWriter } from 'pbf';
import t from 'tap';
import { emitBlock } from '../../src/map/osm/decoded-block.js';
import type { OsmNode, OsmRelation, OsmWay } from '../../src/map/osm/elements.js';
import { decodePrimitiveBlob } from '../../src/map/osm/pbf-primitive-block.js';

const STRINGS = ['', 'highway', 'residential', 'name', 'Rue', 'from', 'type', 'restriction'];

/** A PrimitiveBlock with every element encoding, a non-default granularity and negative offsets. */
function primitiveBlock(): Uint8Array {
  const pbf = new PbfWriter();
  pbf.writeMessage(1, (strings: string[], w: PbfWriter) => strings.forEach((s) => w.writeBytesField(1, new TextEncoder().encode(s))), STRINGS);
  pbf.writeMessage(2, (_: unknown, w: PbfWriter) => w.writeMessage(2, (__: unknown, d: PbfWriter) => {
    d.writePackedSVarint(1, [100, 1, 4]);
    d.writePackedSVarint(8, [43_700_000, 10, -20]);
    d.writePackedSVarint(9, [7_400_000, 5, -5]);
    d.writePackedVarint(10, [0, 1, 2, 0, 0]);
  }, null), null);
  pbf.writeMessage(2, (_: unknown, w: PbfWriter) => w.writeMessage(1, (__: unknown, n: PbfWriter) => {
    n.writeSVarintField(1, 200);
    n.writePackedVarint(2, [3]);
    n.writePackedVarint(3, [4]);
    n.writeSVarintField(8, 43_800_000);
    n.writeSVarintField(9, 7_500_000);
  }, null), null);
  pbf.writeMessage(2, (_: unknown, w: PbfWriter) => w.writeMessage(3, (__: unknown, way: PbfWriter) => {
    way.writeVarintField(1, 300);
    way.writePackedVarint(2, [1]);
    way.writePackedVarint(3, [2]);
    way.writePackedSVarint(8, [100, 1, 4]);
  }, null), null);
  pbf.writeMessage(2, (_: unknown, w: PbfWriter) => w.writeMessage(4, (__: unknown, r: PbfWriter) => {
    r.writeVarintField(1, 400);
    r.writePackedVarint(2, [6]);
    r.writePackedVarint(3, [7]);
    r.writePackedVarint(8, [5]);
    r.writePackedSVarint(9, [300]);
    r.writePackedVarint(10, [1]);
  }, null), null);
  pbf.writeVarintField(17, 1000);
  pbf.writeVarintField(19, 1_000_000_000);
  pbf.writeVarintField(20, -2_000_000_000);
  return pbf.finish().slice();
}

function blob(field: 1 | 3, payload: Uint8Array, rawSize: number): Uint8Array {
  const pbf = new PbfWriter();
  pbf.writeBytesField(field, payload);
  pbf.writeVarintField(2, rawSize);
  return pbf.finish().slice();
}

t.test('dense and plain nodes, ways and relations decode with granularity and offsets applied', async (t) => {
  const block = primitiveBlock();
  for (const encoded of [blob(1, block, block.length), blob(3, deflateSync(block), block.length)]) {
    const nodes: OsmNode[] = [], ways: OsmWay[] = [], relations: OsmRelation[] = [];
    emitBlock(decodePrimitiveBlob(encoded), { node: (n) => nodes.push(n), way: (w) => ways.push(w), relation: (r) => relations.push(r) });
    t.same(nodes.map((n) => n.id), [100, 101, 105, 200]);
    t.ok(Math.abs(nodes[0]!.lat - 44.7) < 1e-9 && Math.abs(nodes[0]!.lon - 5.4) < 1e-9, `${nodes[0]!.lat}, ${nodes[0]!.lon}`);
    t.ok(Math.abs(nodes[2]!.lat - (1 + 43_699_990e-6)) < 1e-9, 'delta-coded latitudes');
    t.ok(Math.abs(nodes[3]!.lat - 44.8) < 1e-9 && Math.abs(nodes[3]!.lon - 5.5) < 1e-9, 'a plain node');
    t.same(nodes.map((n) => n.tags), [{}, { highway: 'residential' }, {}, { name: 'Rue' }]);
    t.same(ways, [{ id: 300, refs: [100, 101, 105], tags: { highway: 'residential' } }]);
    t.same(relations, [{ id: 400, members: [{ type: 'way', ref: 300, role: 'from' }], tags: { type: 'restriction' } }]);
  }
});

t.test('a blob in a codec other than zlib is refused', async (t) => {
  const pbf = new PbfWriter();
  pbf.writeBytesField(7, new Uint8Array([1, 2, 3]));
  t.throws(() => decodePrimitiveBlob(pbf.finish().slice()), /unsupported blob compression/);
});
