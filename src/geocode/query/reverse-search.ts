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

interface Segment {
  street: number;
  line: number;
  offset: number;
}

export class ReverseSearch {
  private readonly scale: number;
  private readonly addresses: Flatbush | undefined;
  private readonly segments: Segment[] = [];
  private readonly segmentTree: Flatbush | undefined;
  private readonly localities: Flatbush | undefined;

  constructor(private readonly index: SearchIndex) {
    const { addresses, streets, localities } = index.data;
    const points = [...addresses, ...localities];
    const meanLat = points.length > 0 ? points.reduce((sum, point) => sum + point.lat, 0) / points.length : 0;
    this.scale = Math.cos((meanLat * Math.PI) / 180);
    this.addresses = boxTree(addresses.map(pointBox), this.scale);
    this.localities = boxTree(localities.map(pointBox), this.scale);
    streets.forEach((street, id) =>
      street.lines.forEach((line, lineId) => {
        for (let offset = 0; offset + 3 < line.length; offset += 2) this.segments.push({ street: id, line: lineId, offset });
      }),
    );
    this.segmentTree = boxTree(
      this.segments.map(({ street, line, offset }) => {
        const c = streets[street]!.lines[line]!;
        const [aLat, aLon, bLat, bLon] = [c[offset]!, c[offset + 1]!, c[offset + 2]!, c[offset + 3]!];
        return [Math.min(aLat, bLat), Math.min(aLon, bLon), Math.max(aLat, bLat), Math.max(aLon, bLon)] as const;
      }),
      this.scale,
    );
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
    const address = this.index.data.addresses[id]!;
    const street = this.index.data.streets[address.street]!;
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
      const { street, line, offset } = this.segments[id]!;
      const segment = this.index.data.streets[street]!.lines[line]!.slice(offset, offset + 4);
      const projection = projectOntoLine(point, segment);
      if (projection.distance <= streetReach && (!best || projection.distance < best.distance)) best = { street, at: projection, distance: projection.distance };
    }
    if (!best) return undefined;
    const street = this.index.data.streets[best.street]!;
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
