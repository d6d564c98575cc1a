import { seededRandom } from '../common/seeded-random.js';
// The embedded default map: a small town generated deterministically as OSM XML, so that `npm start`
// without a map serves a real graph through the same import as any extract. Nothing in it is real.

export const DEMO_TOWN = { name: 'Lindenau', lat: 46.0, lon: 8.0, country: 'CH' } as const;

const SPACING_M = 120;
const STREETS = 9;
const CENTER = 4;
/** The ring road runs this many block spacings outside the grid. */
const RING_OFFSET = 1;
const ADDRESS_OFFSET_M = 15;
const METERS_PER_DEGREE = 111_319.49;

const ROWS = ['Birch Street', 'Cedar Street', 'Elm Street', 'Hazel Street', 'Main Street', 'Linden Street', 'Maple Street', 'Oak Street', 'Willow Street'];
const COLUMNS = ['Abbey Road', 'Baker Road', 'Canal Road', 'Dock Road', 'Market Avenue', 'Garden Road', 'Harbour Road', 'Iron Road', 'Juniper Road'];

type Tags = Record<string, string>;


function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
}

function tagXml(tags: Tags): string {
  return Object.entries(tags).map(([k, v]) => `<tag k="${k}" v="${escapeXml(v)}"/>`).join('');
}

/** Accumulates elements with sequential ids; positions are metres east/north of the town centre. */
class OsmWriter {
  private readonly nodes: string[] = [];
  private readonly ways: string[] = [];
  private readonly relations: string[] = [];

  node(x: number, y: number, tags: Tags = {}): number {
    const id = this.nodes.length + 1;
    const lat = DEMO_TOWN.lat + y / METERS_PER_DEGREE;
    const lon = DEMO_TOWN.lon + x / (METERS_PER_DEGREE * Math.cos((DEMO_TOWN.lat * Math.PI) / 180));
    this.nodes.push(`<node id="${id}" lat="${lat.toFixed(7)}" lon="${lon.toFixed(7)}">${tagXml(tags)}</node>`);
    return id;
  }

  way(refs: number[], tags: Tags): number {
    const id = this.ways.length + 1;
    this.ways.push(`<way id="${id}">${refs.map((r) => `<nd ref="${r}"/>`).join('')}${tagXml(tags)}</way>`);
    return id;
  }

  restriction(value: string, from: number, via: number, to: number): void {
    const id = this.relations.length + 1;
    this.relations.push(`<relation id="${id}"><member type="way" ref="${from}" role="from"/><member type="node" ref="${via}" role="via"/>`
      + `<member type="way" ref="${to}" role="to"/>${tagXml({ type: 'restriction', restriction: value })}</relation>`);
  }

  xml(): string {
    return `<?xml version="1.0" encoding="UTF-8"?>\n<osm version="0.6" generator="fleetroute demo-town">\n${
      [...this.nodes, ...this.ways, ...this.relations].join('\n')}\n</osm>\n`;
  }
}

function streetTags(name: string, index: number, vertical: boolean): Tags {
  if (index === CENTER) return { highway: vertical ? 'secondary' : 'primary', name };
  if (index === 2) return { highway: 'tertiary', name };
  if (!vertical && index === 1) return { highway: 'residential', name, oneway: 'yes' };
  if (!vertical && index === 7) return { highway: 'residential', name, oneway: '-1' };
  if (vertical && index === 6) return { highway: 'residential', name, oneway: 'yes' };
  return { highway: 'residential', name };
}

function postcode(x: number, y: number): string {
  return y >= 0 ? (x < 0 ? '4101' : '4102') : (x < 0 ? '4103' : '4104');
}

/**
 * A 9×9 grid of named streets 120 m apart (slightly jittered), Main Street (primary) and Market Avenue
 * (secondary) crossing in the centre, tertiary and residential streets, three one-way streets, two service
 * alleys, a trunk ring road every street runs into, house-number nodes on both sides of every block, a
 * no_left_turn from Main Street (west) into Market Avenue (north), and a place=town node.
 */
export function demoTownOsmXml(): string {
  const random = seededRandom(20240601);
  const osm = new OsmWriter();
  const half = (STREETS - 1) / 2;
  const jitter = (): number => (random() - 0.5) * 16;
  const pos = Array.from({ length: STREETS }, (_, r) => Array.from({ length: STREETS }, (_, c) => ({
    x: (c - half) * SPACING_M + jitter(), y: (half - r) * SPACING_M + jitter(),
  })));
  const junction = pos.map((row) => row.map((p) => osm.node(p.x, p.y)));
  const ringDistance = (half + RING_OFFSET) * SPACING_M;
  const ringStart = { north: [] as number[], south: [] as number[], west: [] as number[], east: [] as number[] };
  for (let i = 0; i < STREETS; i++) {
    const along = (i - half) * SPACING_M;
    ringStart.north.push(osm.node(along, ringDistance));
    ringStart.south.push(osm.node(along, -ringDistance));
    ringStart.west.push(osm.node(-ringDistance, -along));
    ringStart.east.push(osm.node(ringDistance, -along));
  }
  // Every block gets a middle node, where the service alleys join.
  const rowMid = junction.map((row, r) => row.slice(1).map((_, c) => osm.node((pos[r]![c]!.x + pos[r]![c + 1]!.x) / 2, (pos[r]![c]!.y + pos[r]![c + 1]!.y) / 2)));
  const colMid = junction[0]!.map((_, c) => junction.slice(1).map((_, r) => osm.node((pos[r]![c]!.x + pos[r + 1]![c]!.x) / 2, (pos[r]![c]!.y + pos[r + 1]![c]!.y) / 2)));

  const ways: { rows: number[][]; cols: number[][] } = { rows: [], cols: [] };
  for (let r = 0; r < STREETS; r++) {
    const refs = [ringStart.west[r]!, ...junction[r]!.flatMap((j, c) => (c < STREETS - 1 ? [j, rowMid[r]![c]!] : [j])), ringStart.east[r]!];
    const tags = streetTags(ROWS[r]!, r, false);
    // Split at the centre so the turn restriction's from/to ways end at its via node.
    const cut = refs.indexOf(junction[r]![CENTER]!);
    ways.rows.push(r === CENTER ? [osm.way(refs.slice(0, cut + 1), tags), osm.way(refs.slice(cut), tags)] : [osm.way(refs, tags)]);
  }
  for (let c = 0; c < STREETS; c++) {
    const refs = [ringStart.north[c]!, ...junction.flatMap((row, r) => (r < STREETS - 1 ? [row[c]!, colMid[c]![r]!] : [row[c]!])), ringStart.south[c]!];
    const tags = streetTags(COLUMNS[c]!, c, true);
    const cut = refs.indexOf(junction[CENTER]![c]!);
    ways.cols.push(c === CENTER ? [osm.way(refs.slice(0, cut + 1), tags), osm.way(refs.slice(cut), tags)] : [osm.way(refs, tags)]);
  }
  osm.restriction('no_left_turn', ways.rows[CENTER]![0]!, junction[CENTER]![CENTER]!, ways.cols[CENTER]![0]!);

  const corner = (sx: number, sy: number): number => osm.node(sx * ringDistance, sy * ringDistance);
  const ring = [corner(-1, 1), ...ringStart.north, corner(1, 1), ...ringStart.east, corner(1, -1),
    ...[...ringStart.south].reverse(), corner(-1, -1), ...[...ringStart.west].reverse()];
  osm.way([...ring, ring[0]!], { highway: 'trunk', name: 'Ring Road', maxspeed: '70' });

  for (const [r, c] of [[5, 1], [2, 6]] as const) {
    osm.way([rowMid[r]![c]!, rowMid[r + 1]![c]!], { highway: 'service', service: 'alley' });
  }

  addAddresses(osm, pos);
  osm.node(0, 30, { place: 'town', name: DEMO_TOWN.name });
  return osm.xml();
}

/** Two house numbers per block side, odd on the left of the street's drawing direction and even on the right. */
function addAddresses(osm: OsmWriter, pos: { x: number; y: number }[][]): void {
  const street = (name: string, points: { x: number; y: number }[]): void => {
    let odd = 1, even = 2;
    for (let k = 0; k + 1 < points.length; k++) {
      const a = points[k]!, b = points[k + 1]!;
      const len = Math.hypot(b.x - a.x, b.y - a.y);
      const nx = -(b.y - a.y) / len, ny = (b.x - a.x) / len;
      for (const f of [0.3, 0.7]) {
        const x = a.x + f * (b.x - a.x), y = a.y + f * (b.y - a.y);
        for (const [side, number] of [[1, odd], [-1, even]] as const) {
          const hx = x + side * nx * ADDRESS_OFFSET_M, hy = y + side * ny * ADDRESS_OFFSET_M;
          osm.node(hx, hy, {
            'addr:housenumber': String(number), 'addr:street': name, 'addr:postcode': postcode(hx, hy), 'addr:city': DEMO_TOWN.name,
            'addr:country': DEMO_TOWN.country,
          });
        }
        odd += 2;
        even += 2;
      }
    }
  };
  pos.forEach((row, r) => street(ROWS[r]!, row));
  COLUMNS.forEach((name, c) => street(name, pos.map((row) => row[c]!)));
}
