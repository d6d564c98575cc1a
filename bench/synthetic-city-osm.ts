// The routing benchmark's synthetic city (synthetic-city.ts) as an OSM file, so that it goes through the real
// import and gets geometry, road classes and therefore a turn graph: side × side junctions 100 m apart,
// jittered, a trunk every 50th street, a primary every 10th, residential streets between, some residential
// blocks missing and some one-way. One way per block side.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom } from '../test/helpers/random-graph.js';

const SPACING_M = 100;
const JITTER_M = 20;
const MISSING_SHARE = 0.05;
const ONE_WAY_SHARE = 0.1;
const ORIGIN = { lat: 46, lon: 8 };
const METERS_PER_DEGREE = 111_319.49;

function highwayOf(line: number): string {
  if (line % 50 === 0) return 'trunk';
  if (line % 10 === 0) return 'primary';
  return 'residential';
}

/** Writes the city of `side` × `side` junctions to `path` as OSM XML. */
export function writeSyntheticCityOsm(path: string, side: number, seed = 1): void {
  const random = seededRandom(seed);
  const kx = METERS_PER_DEGREE * Math.cos((ORIGIN.lat * Math.PI) / 180);
  const lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<osm version="0.6">'];
  for (let node = 0; node < side * side; node++) {
    const x = (node % side) * SPACING_M + (random() - 0.5) * 2 * JITTER_M;
    const y = Math.floor(node / side) * SPACING_M + (random() - 0.5) * 2 * JITTER_M;
    lines.push(`<node id="${node + 1}" lat="${(ORIGIN.lat + y / METERS_PER_DEGREE).toFixed(7)}" lon="${(ORIGIN.lon + x / kx).toFixed(7)}"/>`);
  }
  let way = 0;
  const street = (a: number, b: number, line: number): void => {
    const highway = highwayOf(line);
    if (highway === 'residential' && random() < MISSING_SHARE) return;
    const oneway = highway === 'residential' && random() < ONE_WAY_SHARE ? (random() < 0.5 ? 'yes' : '-1') : undefined;
    const tags = `<tag k="highway" v="${highway}"/>${oneway ? `<tag k="oneway" v="${oneway}"/>` : ''}`;
    lines.push(`<way id="${++way}"><nd ref="${a + 1}"/><nd ref="${b + 1}"/>${tags}</way>`);
  };
  for (let row = 0; row < side; row++) {
    for (let col = 0; col < side; col++) {
      const node = row * side + col;
      if (col + 1 < side) street(node, node + 1, row);
      if (row + 1 < side) street(node, node + side, col);
    }
  }
  lines.push('</osm>');
  writeFileSync(path, lines.join('\n'));
}

/** Runs `measure` on the city of `side` written to a temporary file named `city<side>.osm`, removed afterwards. */
export async function withSyntheticCityFile(side: number, measure: (name: string, path: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'fleetroute-city-'));
  try {
    const path = join(dir, `city${side}.osm`);
    writeSyntheticCityOsm(path, side);
    await measure(`city${side}`, path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
