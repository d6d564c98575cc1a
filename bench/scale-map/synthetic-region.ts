/**
 * A deterministic synthetic region of side × side junctions, written as OSM PBF, for measuring import and
 * serving at country scale (docs/scale.md): junctions 100 m apart and jittered; named streets (rows are
 * "… Street", columns "… Avenue") split into ways of at most ten blocks as mappers split them; a trunk every
 * 50th line, a primary every 10th, residential streets between, some residential blocks missing and some
 * one-way; towns of 100 × 100 junctions with a place node, whose addresses (a house number on about a third of
 * the residential block sides) carry the town and its postcode; turn restrictions at some junctions.
 * Every decision is a hash of the position, so the region is the same on every run and streams in any order.
 */
import { OsmPbfWriter, type OsmTags } from './osm-pbf-writer.js';

const SPACING_M = 100;
const JITTER_M = 20;
const BLOCKS_PER_WAY = 10;
const TOWN_SIDE = 100;
const MISSING_SHARE = 0.05;
const ONE_WAY_SHARE = 0.1;
const ADDRESS_SHARE = 0.3;
const ADDRESS_OFFSET_M = 15;
/** Share of the junctions where two ways end (every 10th line in both directions) that get a restriction. */
const RESTRICTION_SHARE = 0.25;
const ORIGIN = { lat: 46, lon: 8 };
const METERS_PER_DEGREE = 111_319.49;
const KX = METERS_PER_DEGREE * Math.cos((ORIGIN.lat * Math.PI) / 180);

type Axis = 'row' | 'column';

/** A number in [0, 1) from the position and a salt: the region's only source of randomness. */
function hashUnit(a: number, b: number, salt: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x7f4a7c15, 0xc2b2ae35) ^ Math.imul(salt, 0x27d4eb2f);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

const SYLLABLES = ['al', 'ber', 'cas', 'den', 'el', 'fal', 'gran', 'hol', 'ing', 'kirk', 'lin', 'mar', 'nor', 'ost', 'pel', 'ros', 'sal', 'tor', 'ul', 'ven', 'wick', 'yar'];

function townName(town: number): string {
  const a = SYLLABLES[town % SYLLABLES.length]!, b = SYLLABLES[Math.floor(town / SYLLABLES.length) % SYLLABLES.length]!;
  const name = `${a}${b}${town >= SYLLABLES.length ** 2 ? ` ${Math.floor(town / SYLLABLES.length ** 2) + 1}` : ''}`;
  return name[0]!.toUpperCase() + name.slice(1);
}

export class SyntheticRegion {
  readonly towns: number;
  private readonly townsPerRow: number;

  constructor(readonly side: number) {
    this.townsPerRow = Math.ceil(side / TOWN_SIDE);
    this.towns = this.townsPerRow ** 2;
  }

  get junctionCount(): number {
    return this.side * this.side;
  }

  junctionId(row: number, column: number): number {
    return row * this.side + column + 1;
  }

  /** Metres east and north of the region's south-west corner. */
  junctionXY(row: number, column: number): [number, number] {
    return [
      column * SPACING_M + (hashUnit(row, column, 1) - 0.5) * 2 * JITTER_M,
      row * SPACING_M + (hashUnit(row, column, 2) - 0.5) * 2 * JITTER_M,
    ];
  }

  latLon(x: number, y: number): { lat: number; lon: number } {
    return { lat: ORIGIN.lat + y / METERS_PER_DEGREE, lon: ORIGIN.lon + x / KX };
  }

  streetName(axis: Axis, line: number): string {
    return axis === 'row' ? `${ordinal(line + 1)} Street` : `${ordinal(line + 1)} Avenue`;
  }

  highway(line: number): string {
    if (line % 50 === 0) return 'trunk';
    if (line % 10 === 0) return 'primary';
    return 'residential';
  }

  /** Whether the block from position `at` to `at + 1` along `line` exists. */
  blockExists(axis: Axis, line: number, at: number): boolean {
    return this.highway(line) !== 'residential' || hashUnit(line, at, axis === 'row' ? 3 : 4) >= MISSING_SHARE;
  }

  town(row: number, column: number): number {
    return Math.floor(row / TOWN_SIDE) * this.townsPerRow + Math.floor(column / TOWN_SIDE);
  }

  postcode(town: number): string {
    return String(10000 + town).padStart(5, '0');
  }

  /** Writes the whole region to `path`; answers how many elements of each kind it wrote. */
  write(path: string): { nodes: number; ways: number; relations: number; addresses: number } {
    const writer = new OsmPbfWriter(path);
    const nodes = this.writeJunctions(writer) + this.writeTowns(writer);
    const addresses = this.writeAddresses(writer, nodes + 1);
    const { ways, restrictionWays } = this.writeWays(writer);
    const relations = this.writeRestrictions(writer, restrictionWays);
    writer.close();
    return { nodes: nodes + addresses, ways, relations, addresses };
  }

  private writeJunctions(writer: OsmPbfWriter): number {
    for (let row = 0; row < this.side; row++) {
      for (let column = 0; column < this.side; column++) {
        const { lat, lon } = this.latLon(...this.junctionXY(row, column));
        writer.node(this.junctionId(row, column), lat, lon);
      }
    }
    return this.junctionCount;
  }

  private writeTowns(writer: OsmPbfWriter): number {
    for (let town = 0; town < this.towns; town++) {
      const row = Math.min(this.side - 1, Math.floor(town / this.townsPerRow) * TOWN_SIDE + TOWN_SIDE / 2);
      const column = Math.min(this.side - 1, (town % this.townsPerRow) * TOWN_SIDE + TOWN_SIDE / 2);
      const { lat, lon } = this.latLon(...this.junctionXY(row, column));
      writer.node(this.junctionCount + 1 + town, lat + 1e-5, lon + 1e-5, { place: 'town', name: townName(town) });
    }
    return this.towns;
  }

  /** House numbers on residential block sides: even on the left, odd on the right, 100 per block. */
  private writeAddresses(writer: OsmPbfWriter, firstId: number): number {
    let id = firstId;
    for (const axis of ['row', 'column'] as const) {
      for (let line = 0; line < this.side; line++) {
        if (this.highway(line) !== 'residential') continue;
        for (let at = 0; at + 1 < this.side; at++) {
          if (!this.blockExists(axis, line, at) || hashUnit(line, at, axis === 'row' ? 5 : 6) >= ADDRESS_SHARE) continue;
          const left = hashUnit(line, at, 7) < 0.5;
          const [x0, y0] = axis === 'row' ? this.junctionXY(line, at) : this.junctionXY(at, line);
          const [x1, y1] = axis === 'row' ? this.junctionXY(line, at + 1) : this.junctionXY(at + 1, line);
          const length = Math.hypot(x1 - x0, y1 - y0), side = left ? 1 : -1;
          const x = (x0 + x1) / 2 - (side * (y1 - y0) * ADDRESS_OFFSET_M) / length;
          const y = (y0 + y1) / 2 + (side * (x1 - x0) * ADDRESS_OFFSET_M) / length;
          const town = axis === 'row' ? this.town(line, at) : this.town(at, line);
          const { lat, lon } = this.latLon(x, y);
          writer.node(id++, lat, lon, {
            'addr:housenumber': String((at + 1) * 100 + (left ? 0 : 1)),
            'addr:street': this.streetName(axis, line),
            'addr:city': townName(town),
            'addr:postcode': this.postcode(town),
          });
        }
      }
    }
    return id - firstId;
  }

  private restrictedJunction(row: number, column: number): boolean {
    return row % BLOCKS_PER_WAY === 0 && column % BLOCKS_PER_WAY === 0 && hashUnit(row, column, 8) < RESTRICTION_SHARE;
  }

  private wayTags(axis: Axis, line: number, first: number): OsmTags {
    const highway = this.highway(line);
    const tags: OsmTags = { highway, name: this.streetName(axis, line) };
    if (highway === 'residential' && hashUnit(line, first, axis === 'row' ? 9 : 10) < ONE_WAY_SHARE) {
      tags.oneway = hashUnit(line, first, 11) < 0.5 ? 'yes' : '-1';
    }
    return tags;
  }

  /**
   * Each street in runs of consecutive existing blocks, cut every ten blocks. Answers the ways that end or
   * start at a restricted junction, keyed `junction id:end|start:axis`, for the restriction relations.
   */
  private writeWays(writer: OsmPbfWriter): { ways: number; restrictionWays: Map<string, number> } {
    const restrictionWays = new Map<string, number>();
    let id = 0;
    for (const axis of ['row', 'column'] as const) {
      const junction = (line: number, at: number): number => (axis === 'row' ? this.junctionId(line, at) : this.junctionId(at, line));
      const restricted = (line: number, at: number): boolean => (axis === 'row' ? this.restrictedJunction(line, at) : this.restrictedJunction(at, line));
      for (let line = 0; line < this.side; line++) {
        let run: number[] = [];
        const emit = (): void => {
          if (run.length < 2) return (void (run = []));
          const first = run[0]!, last = run[run.length - 1]!;
          writer.way(++id, run.map((at) => junction(line, at)), this.wayTags(axis, line, first));
          if (restricted(line, first)) restrictionWays.set(`${junction(line, first)}:start:${axis}`, id);
          if (restricted(line, last)) restrictionWays.set(`${junction(line, last)}:end:${axis}`, id);
          run = [];
        };
        for (let at = 0; at + 1 < this.side; at++) {
          if (!this.blockExists(axis, line, at)) {
            emit();
            continue;
          }
          if (run.length === 0) run.push(at);
          run.push(at + 1);
          if ((at + 1) % BLOCKS_PER_WAY === 0) emit();
        }
        emit();
      }
    }
    return { ways: id, restrictionWays };
  }

  /** At a restricted junction: no left turn from the street arriving from the west onto the avenue going north. */
  private writeRestrictions(writer: OsmPbfWriter, ways: Map<string, number>): number {
    let id = 0;
    for (let row = 0; row < this.side; row += BLOCKS_PER_WAY) {
      for (let column = 0; column < this.side; column += BLOCKS_PER_WAY) {
        if (!this.restrictedJunction(row, column)) continue;
        const via = this.junctionId(row, column);
        const from = ways.get(`${via}:end:row`), to = ways.get(`${via}:start:column`);
        if (from === undefined || to === undefined) continue;
        writer.relation(++id, [
          { type: 'way', ref: from, role: 'from' },
          { type: 'node', ref: via, role: 'via' },
          { type: 'way', ref: to, role: 'to' },
        ], { type: 'restriction', restriction: 'no_left_turn' });
      }
    }
    return id;
  }
}
