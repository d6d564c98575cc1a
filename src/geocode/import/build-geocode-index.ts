/**
 * Builds the geocode index from an OSM extract: address points, interpolation ways, named streets, places,
 * postcodes, each tied to the country and region names of where it lies.
 */
import type { OsmTags, OsmWay } from '../../map/osm/index.js';
import type { Point } from '../../geometry/point.js';
import { projectOntoLine, type Projection } from '../../geometry/polyline.js';
import { distanceMeters } from '../../geometry/sphere.js';
import { surfacePoint } from '../../geometry/surface-point.js';
import {
  geocodeIndexVersion, type AddressRecord, type GeocodeIndex, type InterpolationRecord, type LocalityRecord,
  type PlaceContext, type PostcodeRecord, type StreetRecord,
} from '../index/geocode-index.js';
import { mappedHouseNumbers } from '../text/house-number.js';
import { readOsmAddressSource, type OsmAddressSource } from './osm-address-source.js';
import { Surroundings, type PointSurroundings } from '../index/surroundings.js';
import { foldText } from '../text/text-folding.js';

/** An address farther than this from every street of its name gets a street of its own (a name without geometry). */
const streetReach = 1_500;
/** A place node and an administrative area of the same name closer than this are one locality. */
const sameLocalityReach = 10_000;

class ContextTable {
  readonly contexts: PlaceContext[] = [];
  private readonly ids = new Map<string, number>();

  id(around: PointSurroundings): number {
    const context: PlaceContext = { country: around.country, locality: around.locality, regions: around.regions, subregions: around.subregions };
    const key = JSON.stringify(context);
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.contexts.length;
      this.contexts.push(context);
      this.ids.set(key, id);
    }
    return id;
  }
}

class IndexBuilder {
  private readonly surroundings: Surroundings;
  private readonly contexts = new ContextTable();
  private readonly streets: StreetRecord[] = [];
  private readonly streetsByName = new Map<string, number[]>();
  private readonly townCentres = new Map<string, Point>();
  private readonly addresses: AddressRecord[] = [];
  private readonly interpolations: InterpolationRecord[] = [];

  constructor(private readonly source: OsmAddressSource) {
    this.surroundings = new Surroundings(source);
  }

  build(): GeocodeIndex {
    const localities = this.collectLocalities();
    this.collectStreets();
    for (const node of this.source.addressNodes) this.addAddress(node, node.tags);
    for (const way of this.source.addressWays) {
      const location = this.buildingLocation(way);
      if (location) this.addAddress(location, way.tags);
    }
    for (const way of this.source.interpolationWays) this.addInterpolation(way);
    this.fillPostcodes();
    return {
      version: geocodeIndexVersion,
      dominantCountry: this.surroundings.dominantCountry,
      countryNames: this.surroundings.countryNames(),
      contexts: this.contexts.contexts,
      streets: this.streets,
      addresses: [...this.addresses].sort((a, b) => a.street - b.street),
      interpolations: this.interpolations,
      postcodes: this.collectPostcodes(),
      localities,
    };
  }

  private point(id: number): Point | undefined {
    return this.source.coordinates.get(id);
  }

  private line(refs: number[]): number[] {
    const flat: number[] = [];
    for (const ref of refs) {
      const point = this.point(ref);
      if (point) flat.push(point.lat, point.lon);
    }
    return flat;
  }

  private collectLocalities(): LocalityRecord[] {
    const localities: LocalityRecord[] = [];
    const byName = new Map<string, LocalityRecord[]>();
    const add = (name: string, kind: string, point: Point) => {
      const folded = foldText(name);
      const namesakes = byName.get(folded) ?? [];
      if (namesakes.some((known) => distanceMeters(known, point) < sameLocalityReach)) return;
      const locality = { name, kind, lat: point.lat, lon: point.lon, context: this.contexts.id(this.surroundings.describe(point)) };
      localities.push(locality);
      byName.set(folded, [...namesakes, locality]);
      if (!this.townCentres.has(folded)) this.townCentres.set(folded, point);
    };
    for (const node of this.source.placeNodes) add(node.tags.name!, node.tags.place!, node);
    const areas = this.surroundings.localityAreas().sort((a, b) => b.level - a.level);
    for (const area of areas) add(area.name, 'admin', area.centre);
    return localities;
  }

  private streetKey(country: string, name: string): string {
    return `${country}|${foldText(name)}`;
  }

  private collectStreets(): void {
    const groups = new Map<string, { name: string; lines: number[][]; around: PointSurroundings }>();
    for (const way of this.source.streetWays) {
      const line = this.line(way.refs);
      if (line.length < 2) continue;
      const middle = Math.floor(line.length / 4) * 2;
      const around = this.surroundings.describe({ lat: line[middle]!, lon: line[middle + 1]! });
      const key = `${this.streetKey(around.country, way.tags.name!)}|${around.locality}`;
      const group = groups.get(key);
      if (group) group.lines.push(line);
      else groups.set(key, { name: way.tags.name!, lines: [line], around });
    }
    for (const { name, lines, around } of groups.values()) {
      const centre = this.townCentres.get(foldText(around.locality)) ?? { lat: lines[0]![0]!, lon: lines[0]![1]! };
      const anchor = nearestOnLines(centre, lines)!;
      this.addStreet({ name, context: this.contexts.id(around), lines, anchor: [anchor.lat, anchor.lon], postcode: '' }, around.country);
    }
  }

  private addStreet(street: StreetRecord, country: string): number {
    const id = this.streets.length;
    this.streets.push(street);
    const key = this.streetKey(country, street.name);
    const known = this.streetsByName.get(key);
    if (known) known.push(id);
    else this.streetsByName.set(key, [id]);
    return id;
  }

  /** The street of that name nearest to the point, or a new geometry-less one for names no street carries nearby. */
  private streetFor(name: string, location: Point, around: PointSurroundings): { street: number; meets: Projection | undefined } {
    let best: { street: number; meets: Projection | undefined } | undefined;
    for (const id of this.streetsByName.get(this.streetKey(around.country, name)) ?? []) {
      const street = this.streets[id]!;
      if (street.lines.length === 0) {
        if (foldText(this.contexts.contexts[street.context]!.locality) === foldText(around.locality)) best ??= { street: id, meets: undefined };
        continue;
      }
      const meets = nearestOnLines(location, street.lines)!;
      if (meets.distance <= streetReach && (!best?.meets || meets.distance < best.meets.distance)) best = { street: id, meets };
    }
    if (best) return best;
    const street = this.addStreet(
      { name, context: this.contexts.id(around), lines: [], anchor: [location.lat, location.lon], postcode: '' },
      around.country,
    );
    return { street, meets: undefined };
  }

  /** The entrance of a building (the main one first), else a point on its outline's surface. */
  private buildingLocation(way: OsmWay): Point | undefined {
    let entrance: Point | undefined;
    for (const ref of way.refs) {
      const value = this.source.nodeTags.get(ref)?.entrance;
      if (value === undefined) continue;
      if (value === 'main' || !entrance) entrance = this.point(ref);
      if (value === 'main') break;
    }
    if (entrance) return entrance;
    const outline = this.line(way.refs);
    return outline.length >= 2 ? surfacePoint(outline) : undefined;
  }

  private addAddress(location: Point, tags: OsmTags): void {
    const around = this.surroundings.describe(location, tags);
    const streetName = tags['addr:street'] ?? tags['addr:place']!;
    const { street, meets } = this.streetFor(streetName, location, around);
    const context = this.contexts.id(around);
    for (const number of mappedHouseNumbers(tags['addr:housenumber']!)) {
      this.addresses.push({
        number: number.written,
        unit: tags['addr:unit']?.trim() ?? '',
        street,
        postcode: tags['addr:postcode']?.trim() ?? '',
        lat: location.lat,
        lon: location.lon,
        context,
        intersection: meets ? [meets.lat, meets.lon] : undefined,
      });
    }
  }

  private addInterpolation(way: OsmWay): void {
    const kind = way.tags['addr:interpolation']!;
    const step = kind === 'odd' || kind === 'even' ? 2 : Number(kind) > 0 ? Number(kind) : 1;
    let previous: { index: number; value: number; tags: OsmTags } | undefined;
    way.refs.forEach((ref, index) => {
      const tags = this.source.nodeTags.get(ref);
      const value = tags ? mappedHouseNumbers(tags['addr:housenumber'] ?? '')[0]?.value : undefined;
      if (!tags || value === undefined) return;
      if (previous && previous.value !== value) this.addInterpolationSection(way, step, previous, { index, value, tags });
      previous = { index, value, tags };
    });
  }

  private addInterpolationSection(
    way: OsmWay,
    step: number,
    from: { index: number; value: number; tags: OsmTags },
    to: { index: number; value: number; tags: OsmTags },
  ): void {
    const line = this.line(way.refs.slice(from.index, to.index + 1));
    const streetName = way.tags['addr:street'] ?? from.tags['addr:street'] ?? to.tags['addr:street'];
    if (line.length < 4 || !streetName) return;
    const middle = { lat: (line[0]! + line[line.length - 2]!) / 2, lon: (line[1]! + line[line.length - 1]!) / 2 };
    const around = this.surroundings.describe(middle, from.tags);
    const { street } = this.streetFor(streetName, middle, around);
    const postcode = way.tags['addr:postcode'] ?? from.tags['addr:postcode'] ?? to.tags['addr:postcode'] ?? '';
    this.interpolations.push({ street, step, from: from.value, to: to.value, line, postcode, context: this.contexts.id(around) });
  }

  /** A street's postcode is the one most of its addresses carry; addresses without one inherit it. */
  private fillPostcodes(): void {
    const votes = new Map<number, Map<string, number>>();
    for (const address of this.addresses) {
      if (!address.postcode) continue;
      const byCode = votes.get(address.street) ?? new Map<string, number>();
      byCode.set(address.postcode, (byCode.get(address.postcode) ?? 0) + 1);
      votes.set(address.street, byCode);
    }
    votes.forEach((byCode, street) => {
      this.streets[street]!.postcode = [...byCode].sort((a, b) => b[1] - a[1])[0]![0];
    });
    for (const address of this.addresses) address.postcode ||= this.streets[address.street]!.postcode;
    for (const section of this.interpolations) section.postcode ||= this.streets[section.street]!.postcode;
  }

  /** Each postcode at the mean position of its addresses. */
  private collectPostcodes(): PostcodeRecord[] {
    const sums = new Map<string, { code: string; country: string; lat: number; lon: number; count: number }>();
    for (const address of this.addresses) {
      if (!address.postcode) continue;
      const country = this.contexts.contexts[address.context]!.country;
      const key = `${country}|${address.postcode}`;
      const sum = sums.get(key) ?? { code: address.postcode, country, lat: 0, lon: 0, count: 0 };
      sum.lat += address.lat;
      sum.lon += address.lon;
      sum.count++;
      sums.set(key, sum);
    }
    return [...sums.values()].map(({ code, lat, lon, count }) => {
      const centre = { lat: lat / count, lon: lon / count };
      return { code, ...centre, context: this.contexts.id(this.surroundings.describe(centre)) };
    });
  }
}

function nearestOnLines(point: Point, lines: number[][]): Projection | undefined {
  let best: Projection | undefined;
  for (const line of lines) {
    const projection = projectOntoLine(point, line);
    if (!best || projection.distance < best.distance) best = projection;
  }
  return best;
}

/** Reads the extract (three streaming passes) and builds its geocode index. */
export async function buildGeocodeIndex(osmFile: string): Promise<GeocodeIndex> {
  return new IndexBuilder(await readOsmAddressSource(osmFile)).build();
}
