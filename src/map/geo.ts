// Distances and bearings live with the rest of the geometry (docs/geometry.md); planning code reads them here.
export { bearingDegrees, haversineMeters } from '../geometry/sphere.js';

/** Coordinates are stored as integers in 1e-7 degrees (OSM's own precision). */
export const E7 = 1e7;
