/**
 * The places of a problem and their order, which is also the order of `settings.matrix` (docs/api.md, Matrices):
 *   1. each declared marker (`markers`), in order;
 *   2. for each job — top-level `jobs` first, then jobs written inline in `routes[r].jobs`, route by route,
 *      then the occurrence jobs of each schedule (schedule-occurrences.ts) — its `location`, then its
 *      `exit_location`;
 *   3. for each vehicle its start place then its end place (`depot` counts once for both), then for each
 *      driver likewise (`location`);
 *   4. for each route: the places of a driver and then of a vehicle written inline on it, its own start and
 *      end (`location` once for both), then the depot visits of its `stops` given by location.
 * A reference to a declared marker reuses that marker's place; every latlon string or inline marker is a
 * new place, even when its coordinates repeat.
 */
import type { ValidationCode } from '../../errors.js';
import { parseLatLon } from '../../conventions/latlon.js';
import type { LocationType, Place } from '../model.js';
import { asObject, Fields } from './fields.js';
import { IdRegistry } from './registry.js';
import type { FaultList } from '../../conventions/faults.js';

/** Text with a comma is meant as coordinates (marker ids seldom have one): a bad one is invalid_latlon_error. */
const coordinateLike = /,/;

export class PlaceTable {
  readonly places: Place[] = [];
  private readonly markers: IdRegistry<Place>;

  constructor(private readonly faults: FaultList) {
    this.markers = new IdRegistry(faults, 'marker');
  }

  declareMarkers(problem: Fields): void {
    for (const marker of problem.objects('markers')) {
      const id = marker.id();
      const place = this.markerPlace(marker);
      if (id !== undefined && place) this.markers.register(marker.pathOf('id'), id, place);
    }
  }

  /** The place of a declared marker, if `id` names one. */
  declaredMarker(id: string): Place | undefined {
    return this.markers.get(id);
  }

  /** The place written at `fields[name]`, or undefined when absent or faulty. */
  placeAt(fields: Fields, name: string, missingMarkerLocation?: ValidationCode): Place | undefined {
    const value = fields.object[name];
    if (typeof value === 'string') return this.placeOfText(fields.pathOf(name), value);
    const object = asObject(value);
    if (!object) return undefined;
    const marker = new Fields(this.faults, fields.pathOf(name), object);
    const id = marker.has('id') ? marker.text('id') : undefined;
    if (id !== undefined && !marker.has('location') && this.markers.has(id)) return this.markers.get(id);
    return this.markerPlace(marker, missingMarkerLocation);
  }

  private placeOfText(path: string, text: string): Place | undefined {
    const declared = this.markers.get(text);
    if (declared) return declared;
    const point = parseLatLon(text);
    if (point.ok) return this.add({ property: path, point: point.value });
    if (coordinateLike.test(text)) this.faults.add(path, point.fault, text);
    else this.markers.resolve(path, text);
    return undefined;
  }

  private markerPlace(marker: Fields, missingLocation?: ValidationCode): Place | undefined {
    if (!marker.require('location', 'a location "<latitude>,<longitude>"', missingLocation)) return undefined;
    const point = marker.latlon('location');
    if (!point) return undefined;
    return this.add({
      property: marker.pathOf('location'),
      point,
      intersection: marker.latlon('intersection'),
      locationType: marker.text('location_type') as LocationType | undefined,
      markerId: marker.has('id') ? marker.text('id') : undefined,
      isDepot: marker.boolean('is_depot') ?? false,
      attributes: marker.texts('attributes'),
      source: marker.object,
    });
  }

  private add(fields: Partial<Place> & Pick<Place, 'property' | 'point'>): Place {
    const place: Place = {
      index: this.places.length,
      property: fields.property,
      point: fields.point,
      intersection: fields.intersection,
      locationType: fields.locationType,
      markerId: fields.markerId,
      isDepot: fields.isDepot ?? false,
      attributes: fields.attributes ?? [],
      source: fields.source,
    };
    this.places.push(place);
    return place;
  }
}
