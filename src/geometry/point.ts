/** A position in degrees (WGS84 treated as a sphere: the geocoder's and the snapper's scale is metres). */
export interface Point {
  lat: number;
  lon: number;
}

/** Mean Earth radius (IUGG), the sphere every distance of the service is measured on. */
export const EARTH_RADIUS_M = 6_371_008.8;

export const RAD = Math.PI / 180;

/** A longitude difference brought into [-180, 180), so that neighbours across the antimeridian stay neighbours. */
export function wrapLongitude(degrees: number): number {
  return degrees - 360 * Math.floor((degrees + 180) / 360);
}
