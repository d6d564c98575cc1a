// The benchmark's synthetic city: side × side intersections 100 m apart, jittered, a trunk
// every 50th street, a primary every 10th, residential streets between, some residential blocks
// missing and some residential streets one-way. Grids are the worst case of contraction hierarchies.
import type { ArcGraph } from '../src/kernels/arc-graph.js';
import { RoadClass } from '../src/map/profiles/road-class.js';
import type { TileRoads } from '../src/ui/road-tiles.js';
import { seededRandom } from '../test/helpers/random-graph.js';

const SPACING_M = 100;
const JITTER_M = 20;
/** km/h by street class: trunk, primary, residential. */
const SPEED_KMH = { trunk: 90, primary: 60, residential: 30 } as const;
const MISSING_SHARE = 0.05;
const ONE_WAY_SHARE = 0.1;
/** Where the city lies when it is drawn on a map (the road tiles bench). */
const ORIGIN = { lat: 46, lon: 8 };
const METERS_PER_DEGREE = 111_319.49;

type StreetClass = keyof typeof SPEED_KMH;

function streetClass(line: number): StreetClass {
  if (line % 50 === 0) return 'trunk';
  if (line % 10 === 0) return 'primary';
  return 'residential';
}

/** One block side between two intersections, and the directions it may be driven in. */
interface Street {
  a: number;
  b: number;
  kind: StreetClass;
  /** The street's row (along x) or column (along y) number, and which of the two it is. */
  line: number;
  alongRow: boolean;
  directions: [number, number][];
}

interface CityLayout {
  x: Float64Array;
  y: Float64Array;
  streets: Street[];
}

function cityLayout(side: number, seed: number): CityLayout {
  const random = seededRandom(seed);
  const x = new Float64Array(side * side);
  const y = new Float64Array(side * side);
  for (let node = 0; node < side * side; node++) {
    x[node] = (node % side) * SPACING_M + (random() - 0.5) * 2 * JITTER_M;
    y[node] = Math.floor(node / side) * SPACING_M + (random() - 0.5) * 2 * JITTER_M;
  }
  const streets: Street[] = [];
  const street = (a: number, b: number, line: number, alongRow: boolean) => {
    const kind = streetClass(line);
    if (kind === 'residential' && random() < MISSING_SHARE) return;
    const oneWay = kind === 'residential' && random() < ONE_WAY_SHARE;
    const directions: [number, number][] = oneWay ? [random() < 0.5 ? [a, b] : [b, a]] : [[a, b], [b, a]];
    streets.push({ a, b, kind, line, alongRow, directions });
  };
  for (let row = 0; row < side; row++) {
    for (let col = 0; col < side; col++) {
      const node = row * side + col;
      if (col + 1 < side) street(node, node + 1, row, true);
      if (row + 1 < side) street(node, node + side, col, false);
    }
  }
  return { x, y, streets };
}

export function syntheticCity(side: number, seed = 1): ArcGraph {
  const { x, y, streets } = cityLayout(side, seed);
  const tail: number[] = [];
  const head: number[] = [];
  const weight: number[] = [];
  const distance: number[] = [];
  for (const { a, b, kind, directions } of streets) {
    const meters = Math.hypot(x[a]! - x[b]!, y[a]! - y[b]!);
    const ms = Math.round((meters / (SPEED_KMH[kind] / 3.6)) * 1000);
    for (const [from, to] of directions) {
      tail.push(from);
      head.push(to);
      weight.push(ms);
      distance.push(Math.round(meters * 100));
    }
  }
  return {
    nodeCount: side * side,
    tail: Uint32Array.from(tail),
    head: Uint32Array.from(head),
    weight: Uint32Array.from(weight),
    distance: Uint32Array.from(distance),
  };
}

const ROAD_CLASS: Record<StreetClass, RoadClass> = { trunk: RoadClass.Trunk, primary: RoadClass.Primary, residential: RoadClass.Residential };

/** The same city as named roads on the map around ORIGIN: what the dispatcher's page draws. */
export function syntheticCityRoads(side: number, seed = 1): TileRoads {
  const { x, y, streets } = cityLayout(side, seed);
  const lonPerMeter = 1 / (METERS_PER_DEGREE * Math.cos((ORIGIN.lat * Math.PI) / 180));
  const geomLat = new Int32Array(streets.length * 2);
  const geomLon = new Int32Array(streets.length * 2);
  const names = [...Array.from({ length: side }, (_, row) => `Row ${row}`), ...Array.from({ length: side }, (_, col) => `Column ${col}`)];
  streets.forEach(({ a, b }, edge) => {
    for (const [k, node] of [[0, a], [1, b]] as const) {
      geomLat[edge * 2 + k] = Math.round((ORIGIN.lat + y[node]! / METERS_PER_DEGREE) * 1e7);
      geomLon[edge * 2 + k] = Math.round((ORIGIN.lon + x[node]! * lonPerMeter) * 1e7);
    }
  });
  return {
    edgeCount: streets.length,
    geomStart: Uint32Array.from({ length: streets.length + 1 }, (_, edge) => edge * 2),
    geomLat,
    geomLon,
    edgeRoadClass: Uint8Array.from(streets, (street) => ROAD_CLASS[street.kind]),
    edgeNameId: Uint32Array.from(streets, (street) => (street.alongRow ? street.line : side + street.line)),
    names,
  };
}
