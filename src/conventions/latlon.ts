/** latlon strings: `<lat>,<lon>` in decimal degrees, a space after the comma accepted, written with none. */
import { failed, parsed, type Parsed } from './faults.js';

export interface LatLon {
  lat: number;
  lon: number;
}

const latlonText = /^\s*([-+]?\d+(?:\.\d+)?)\s*,\s*([-+]?\d+(?:\.\d+)?)\s*$/;

export function parseLatLon(value: unknown): Parsed<LatLon> {
  if (typeof value !== 'string') {
    return failed('invalid_latlon_error', 'Expected a latlon string "<latitude>,<longitude>"');
  }
  const match = latlonText.exec(value);
  if (!match) return failed('invalid_latlon_error', `"${value}" is not a latlon "<latitude>,<longitude>"`);
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  if (lat < -90 || lat > 90 || lon < -180 || lon > 180) {
    return failed('invalid_latlon_error', `"${value}" is outside latitude [-90, 90] or longitude [-180, 180]`, {
      latitude_range: [-90, 90],
      longitude_range: [-180, 180],
    });
  }
  return parsed({ lat, lon });
}

function degrees(value: number): string {
  const text = value.toFixed(6);
  return text === '-0.000000' ? '0.000000' : text;
}

export function formatLatLon(point: LatLon): string {
  return `${degrees(point.lat)},${degrees(point.lon)}`;
}
