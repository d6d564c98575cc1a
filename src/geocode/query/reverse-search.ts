/**
 * Reverse geocoding: the nearest address within reach, else the nearest point of a named street, else the
 * nearest town. Searches run on Flatbush trees in a plane scaled to the index's latitude, so that
 * distances along both axes are comparable.
 */
import type Flatbush from 'flatbush';
import { boxTree, pointBox } from '../index/box-tree.js';
import type { Point } from '../../geometry/point.js';
import { projectOntoLine } from '../../geometry/polyline.js';
import { distanceMeters } from '../../geometry/sphere.js';
import type { SearchIndex } from '../index/search-index.js';
import { makeSuggestion, type GeocodeSuggestion } from './suggestion.js';

const addressReach = 75;
const streetReach = 300;
const localityReach = 30_000;
const metresPerDegree = 111_320;

export class ReverseSearch {
  private readonly scale: number;
  private readonly addresses: Flatbush | undefined;
  private readonly segmentTree: Flatbush | undefined;
  private readonly localities: Flatbush | undefined;

  constructor(private readonly index: SearchIndex) {
    this.scale = index.data.lonScale;
    this.addresses = index.data.addressTree();
    this.segmentTree = index.data.segmentTree();
    this.localities = boxTree(index.data.localities.map(pointBox), this.scale);
  }

  private nearest(tree: Flatbush | undefined, point: Point, reach: number, count = 1): number[] {
    if (!tree) return [];
    return tree.neighbors(point.lon * this.scale, point.lat, count, reach / metresPerDegree);
  }

  search(point: Point): GeocodeSuggestion[] {
    return [this.nearestAddress(point) ?? this.nearestStreet(point) ?? this.nearestLocality(point)].filter(
      (suggestion): suggestion is GeocodeSuggestion => suggestion !== undefined,
    );
  }

  private nearestAddress(point: Point): GeocodeSuggestion | undefined {
    const [id] = this.nearest(this.addresses, point, addressReach);
    if (id === undefined) return undefined;
    const address = this.index.data.address(id);
    const street = this.index.data.street(address.street);
    const distance = distanceMeters(point, address);
    const intersection = address.intersection ? { lat: address.intersection[0], lon: address.intersection[1] } : address;
    return makeSuggestion({
      matchType: 'address', score: 1 - (0.5 * distance) / addressReach, location: address, intersection,
      context: this.index.data.contexts[address.context]!, streetName: street.name, streetNumber: address.number,
      unit: address.unit || undefined, postcode: address.postcode || undefined,
    });
  }

  private nearestStreet(point: Point): GeocodeSuggestion | undefined {
    // Bounding boxes of long segments are loose: look at several and keep the truly nearest.
    let best: { street: number; at: Point; distance: number } | undefined;
    for (const id of this.nearest(this.segmentTree, point, streetReach, 8)) {
      const { street, points } = this.index.data.segment(id);
      const projection = projectOntoLine(point, points);
      if (projection.distance <= streetReach && (!best || projection.distance < best.distance)) best = { street, at: projection, distance: projection.distance };
    }
    if (!best) return undefined;
    const street = this.index.data.street(best.street);
    const at = { lat: best.at.lat, lon: best.at.lon };
    return makeSuggestion({
      matchType: 'street', score: 0.85 * (1 - (0.5 * best.distance) / streetReach), location: at, intersection: at,
      context: this.index.data.contexts[street.context]!, streetName: street.name, postcode: street.postcode || undefined,
    });
  }

  private nearestLocality(point: Point): GeocodeSuggestion | undefined {
    const [id] = this.nearest(this.localities, point, localityReach);
    if (id === undefined) return undefined;
    const locality = this.index.data.localities[id]!;
    const distance = distanceMeters(point, locality);
    return makeSuggestion({
      matchType: 'locality', score: 0.7 * (1 - (0.5 * distance) / localityReach), location: locality,
      context: this.index.data.contexts[locality.context]!, locality: locality.name,
    });
  }
}
