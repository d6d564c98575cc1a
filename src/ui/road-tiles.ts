/**
 * Road tiles for the dispatcher's page (docs/ui.md): the served road graph's edges cut per map tile, as lines
 * in tile pixels by road class, with street names from zoom 16. Minor classes appear only from a zoom where
 * they are legible, points closer than a pixel are dropped, and answers are cached, so a tile of a
 * million-node map stays small and cheap. The tiles are cut on their own thread (tile-worker.ts).
 */
import Flatbush from 'flatbush';
import { LRUCache } from 'lru-cache';
import type { RoadGraph } from '../map/graph/road-graph.js';
import { E7 } from '../map/geo.js';
import { RoadClass, ROAD_CLASS_NAMES } from '../map/profiles/road-class.js';
import { latitudeOf, longitudeOf, mercatorX, mercatorY, type TileAddress } from './tile-coordinates.js';

/** What tiles read from a road graph. */
export type TileRoads = Pick<RoadGraph, 'edgeCount' | 'geomStart' | 'geomLat' | 'geomLon' | 'edgeRoadClass' | 'edgeNameId' | 'names'>;

/** Tile coordinates run from 0 to EXTENT across the tile (a 256-pixel tile drawn at 16 units per pixel). */
const TILE_EXTENT = 4096;
/** Lines reaching this far outside the tile are kept, so wide strokes continue across tile edges. */
const BUFFER = 256;
/** Points closer than this to the last kept one are dropped (one pixel of a 256-pixel tile). */
const MIN_STEP = TILE_EXTENT / 256;
/** The page writes names from this zoom (docs/ui.md); below it they would only add bytes. */
const NAMES_FROM_ZOOM = 16;
const CACHED_TILES = 4096;

/** The zoom from which each road class is drawn. */
function minZoom(roadClass: number): number {
  if (roadClass <= RoadClass.TrunkLink) return 0;
  if (roadClass <= RoadClass.SecondaryLink || roadClass === RoadClass.Ferry) return 11;
  if (roadClass <= RoadClass.TertiaryLink) return 13;
  if (roadClass <= RoadClass.LivingStreet) return 14;
  return 15;
}

/**
 * One tile: `classes` names the road classes, each road is `[class index, name index or -1, x0, y0, x1, y1, …]`
 * in tile units, minor classes first so that major roads are drawn on top.
 */
export interface RoadTile {
  classes: readonly string[];
  names: string[];
  roads: number[][];
}

export class RoadTiles {
  readonly #index: Flatbush;
  readonly #cache = new LRUCache<string, string>({ max: CACHED_TILES });

  constructor(private readonly roads: TileRoads) {
    this.#index = buildEdgeIndex(roads);
  }

  /** The tile as JSON text. */
  tileJson(address: TileAddress): string {
    const key = `${address.z}/${address.x}/${address.y}`;
    let json = this.#cache.get(key);
    if (json === undefined) {
      json = JSON.stringify(this.tile(address));
      this.#cache.set(key, json);
    }
    return json;
  }

  tile({ z, x, y }: TileAddress): RoadTile {
    const scale = 2 ** z;
    const margin = BUFFER / TILE_EXTENT;
    const edges = this.#index.search((x - margin) / scale, (y - margin) / scale, (x + 1 + margin) / scale, (y + 1 + margin) / scale);
    const names = new Map<string, number>();
    const roads: number[][] = [];
    for (const edge of edges) {
      const roadClass = this.roads.edgeRoadClass[edge]!;
      if (z < minZoom(roadClass)) continue;
      const road = [roadClass, z >= NAMES_FROM_ZOOM ? nameIndex(names, this.roads.names[this.roads.edgeNameId[edge]!]) : -1];
      this.#appendPoints(road, edge, scale, x, y);
      if (road.length >= 6) roads.push(road);
    }
    roads.sort((a, b) => b[0]! - a[0]!);
    return { classes: ROAD_CLASS_NAMES, names: [...names.keys()], roads };
  }

  /** South-west and north-east corners of the roads, `[[lat, lon], [lat, lon]]`; null without roads. */
  bounds(): [[number, number], [number, number]] | null {
    if (this.roads.edgeCount === 0) return null;
    const { minX, minY, maxX, maxY } = this.#index;
    return [[latitudeOf(maxY), longitudeOf(minX)], [latitudeOf(minY), longitudeOf(maxX)]];
  }

  #appendPoints(road: number[], edge: number, scale: number, x: number, y: number): void {
    const { geomStart, geomLat, geomLon } = this.roads;
    const last = geomStart[edge + 1]! - 1;
    for (let p = geomStart[edge]!; p <= last; p++) {
      const px = Math.round((mercatorX(geomLon[p]! / E7) * scale - x) * TILE_EXTENT);
      const py = Math.round((mercatorY(geomLat[p]! / E7) * scale - y) * TILE_EXTENT);
      const n = road.length;
      const close = n >= 4 && Math.abs(px - road[n - 2]!) < MIN_STEP && Math.abs(py - road[n - 1]!) < MIN_STEP;
      // The last point is always kept, replacing a close one, so that connected edges still meet.
      if (close && p === last && n >= 6) road.length = n - 2;
      else if (close) continue;
      road.push(px, py);
    }
  }
}

function nameIndex(names: Map<string, number>, name: string | undefined): number {
  if (!name) return -1;
  let index = names.get(name);
  if (index === undefined) names.set(name, (index = names.size));
  return index;
}

/**
 * Each edge's bounding box in Web Mercator units. Single precision keeps the index at half the memory; its
 * error (a few centimetres) is far inside the buffer every tile search adds.
 */
function buildEdgeIndex(roads: TileRoads): Flatbush {
  const index = new Flatbush(Math.max(1, roads.edgeCount), 16, Float32Array);
  const { geomStart, geomLat, geomLon } = roads;
  for (let edge = 0; edge < roads.edgeCount; edge++) {
    let minLat = Infinity, maxLat = -Infinity, minLon = Infinity, maxLon = -Infinity;
    for (let p = geomStart[edge]!; p < geomStart[edge + 1]!; p++) {
      minLat = Math.min(minLat, geomLat[p]!);
      maxLat = Math.max(maxLat, geomLat[p]!);
      minLon = Math.min(minLon, geomLon[p]!);
      maxLon = Math.max(maxLon, geomLon[p]!);
    }
    index.add(mercatorX(minLon / E7), mercatorY(maxLat / E7), mercatorX(maxLon / E7), mercatorY(minLat / E7));
  }
  // Flatbush cannot finish an empty index; the placeholder box lies outside the world, so no tile finds it.
  if (roads.edgeCount === 0) index.add(-2, -2, -2, -2);
  index.finish();
  return index;
}
