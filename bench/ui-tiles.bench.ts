/**
 * Road tiles of the dispatcher's page on the synthetic city (1,000 × 1,000 intersections, a million nodes, by
 * default): the edge index the tile thread builds at start, then cold tiles (no cache) at each zoom over the city's
 * centre, 3 × 3 around it — time to cut and serialize, and the size sent.
 */
import { RoadTiles } from '../src/ui/road-tiles.js';
import { mercatorX, mercatorY } from '../src/ui/tile-coordinates.js';
import { percentile, report } from './report.js';
import { syntheticCityRoads } from './synthetic-city.js';

const side = Number(process.env.BENCH_CITY_SIDE ?? 1000);
const ZOOMS = [10, 12, 13, 14, 15, 16, 18];
const ROUNDS = 5;

export async function run(): Promise<void> {
  const roads = syntheticCityRoads(side);
  const started = performance.now();
  const tiles = new RoadTiles(roads);
  const indexMs = performance.now() - started;
  const bounds = tiles.bounds()!;
  report('ui-tiles-index', { nodes: side * side, edges: roads.edgeCount, index_ms: Number(indexMs.toFixed(1)) });
  console.log(`edge index of ${roads.edgeCount} edges: ${indexMs.toFixed(0)} ms`);
  const centre = { lat: (bounds[0][0] + bounds[1][0]) / 2, lon: (bounds[0][1] + bounds[1][1]) / 2 };
  console.log('zoom | roads/tile | KB/tile | p50 ms | max ms');
  for (const z of ZOOMS) {
    const cx = Math.floor(mercatorX(centre.lon) * 2 ** z), cy = Math.floor(mercatorY(centre.lat) * 2 ** z);
    const times: number[] = [];
    let bytes = 0, count = 0;
    for (let round = 0; round < ROUNDS; round++) {
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          const t0 = performance.now();
          const tile = tiles.tile({ z, x: cx + dx, y: cy + dy });
          const json = JSON.stringify(tile);
          times.push(performance.now() - t0);
          bytes += json.length;
          count += tile.roads.length;
        }
      }
    }
    times.sort((a, b) => a - b);
    const tilesCut = times.length;
    const values = { zoom: z, roads_per_tile: Math.round(count / tilesCut), kb_per_tile: Number((bytes / tilesCut / 1024).toFixed(1)), p50_ms: Number(percentile(times, 0.5).toFixed(2)), max_ms: Number(times.at(-1)!.toFixed(2)) };
    report('ui-tiles', values);
    console.log(`${z} | ${values.roads_per_tile} | ${values.kb_per_tile} | ${values.p50_ms} | ${values.max_ms}`);
  }
}
