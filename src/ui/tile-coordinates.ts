/**
 * Web Mercator as map tiles use it: the world is the unit square, x east from longitude -180, y south from the
 * top edge at latitude ±85.05; tile (z, x, y) covers [x, x + 1] × [y, y + 1] divided by 2^z.
 */
import { validationFailed, type ValidationError } from '../errors.js';

export interface TileAddress {
  z: number;
  x: number;
  y: number;
}

/** Deeper zooms add nothing on road maps: a pixel is already a few centimetres. */
const MAX_TILE_ZOOM = 22;

export function mercatorX(lon: number): number {
  return (lon + 180) / 360;
}

export function mercatorY(lat: number): number {
  const sin = Math.sin((lat * Math.PI) / 180);
  const y = 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
  return Math.min(1, Math.max(0, y));
}

export function longitudeOf(x: number): number {
  return x * 360 - 180;
}

export function latitudeOf(y: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;
}

function tileFault(name: string, value: string, max: number): ValidationError | undefined {
  if (/^\d{1,10}$/.test(value) && Number(value) <= max) return undefined;
  return {
    property: `path.${name}`,
    code: /^\d+$/.test(value) ? 'value_out_of_range_error' : 'invalid_type_error',
    message: `Expected an integer from 0 to ${max}`,
    parameters: { minimum: 0, maximum: max },
    attempted_value: value,
  };
}

/** The tile named by a URL's `{z}/{x}/{y}`, or a 400 listing every part that is not a valid tile number. */
export function parseTileAddress(params: { z: string; x: string; y: string }): TileAddress {
  const zFault = tileFault('z', params.z, MAX_TILE_ZOOM);
  // With no valid zoom, x and y are still checked against the deepest one, so every fault is listed at once.
  const side = 2 ** (zFault ? MAX_TILE_ZOOM : Number(params.z)) - 1;
  const faults = [zFault, tileFault('x', params.x, side), tileFault('y', params.y, side)]
    .filter((fault): fault is ValidationError => fault !== undefined);
  if (faults.length > 0) throw validationFailed(faults);
  return { z: Number(params.z), x: Number(params.x), y: Number(params.y) };
}
