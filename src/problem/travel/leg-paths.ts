/**
 * The geometry of legs, for `settings.route_paths` (`path_to_stop` on each stop). A problem with its own
 * `settings.matrix` has no geometry: its legs are the straight line between their places.
 */
import type { LatLon } from '../../conventions/latlon.js';
import type { Place } from '../model.js';
import type { TravelClass } from './travel-costs.js';

export interface LegPathSource {
  /** The points driven from one place to another, both ends included; empty when there is no path. */
  path(from: Place, to: Place, travelClass: TravelClass): Promise<LatLon[]>;
}

export class StraightLegPaths implements LegPathSource {
  async path(from: Place, to: Place): Promise<LatLon[]> {
    return [from.point, to.point];
  }
}
