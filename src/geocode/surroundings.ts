/**
 * What surrounds a point: its country and its region names. Administrative areas are tested by
 * point-in-polygon; places (place=* nodes) count within a reach that depends on their kind. The country comes
 * from the address's tag, else from the most specific containing area whose country is known, else from the
 * map's dominant country (a boundary clipped by the extract has no closed ring).
 */
import Flatbush from 'flatbush';
import type { OsmTags } from '../map/osm/index.js';
import { degreeBox } from '../map/snap/segment-projection.js';
import { areaContains, areaRings, type AreaRings } from './boundary-rings.js';
import { regionNames, type RegionNames } from './country-rules.js';
import { distanceMeters, ringCentroid, type Point } from './geometry.js';
import type { OsmAddressSource } from './osm-address-source.js';

export interface AdminArea extends AreaRings {
  name: string;
  level: number;
  borderType: string | undefined;
  country: string | undefined;
  centre: Point;
}

interface PlacePoint extends Point {
  name: string;
  kind: string;
}

/** How far a place of each kind reaches, in metres. */
const placeReach: Record<string, number> = {
  city: 15_000, town: 6_000, village: 2_500, suburb: 2_000, quarter: 1_500, hamlet: 1_000, neighbourhood: 1_000,
};
const longestReach = 15_000;

const countryCode = /^[A-Z]{2}$/;

function ownCountry(tags: OsmTags): string | undefined {
  const iso1 = tags['ISO3166-1:alpha2'] ?? tags['ISO3166-1'];
  if (iso1 && countryCode.test(iso1)) return iso1;
  const iso2 = tags['ISO3166-2']?.slice(0, 2);
  if (iso2 && countryCode.test(iso2)) return iso2;
  const tagged = tags['is_in:country_code']?.toUpperCase();
  return tagged && countryCode.test(tagged) ? tagged : undefined;
}

export interface PointSurroundings extends RegionNames {
  country: string;
}

export class Surroundings {
  private readonly areas: AdminArea[];
  private readonly places: PlacePoint[];
  private readonly placeTree: Flatbush | undefined;
  readonly dominantCountry: string;

  constructor(source: OsmAddressSource) {
    this.areas = buildAreas(source);
    this.places = source.placeNodes.map((node) => ({ lat: node.lat, lon: node.lon, name: node.tags.name!, kind: node.tags.place! }));
    this.placeTree = this.places.length > 0 ? new Flatbush(this.places.length) : undefined;
    if (this.placeTree) {
      for (const place of this.places) this.placeTree.add(place.lon, place.lat, place.lon, place.lat);
      this.placeTree.finish();
    }
    this.dominantCountry = dominantCountry(source, this.areas);
  }

  /** Areas containing the point, most specific (highest admin_level) first. */
  areasAt(point: Point): AdminArea[] {
    return this.areas.filter((area) => areaContains(area, point)).sort((a, b) => b.level - a.level);
  }

  countryAt(point: Point, containing = this.areasAt(point), tags?: OsmTags): string {
    const tagged = tags?.['addr:country']?.toUpperCase();
    if (tagged && countryCode.test(tagged)) return tagged;
    return containing.find((area) => area.country !== undefined)?.country ?? this.dominantCountry;
  }

  describe(point: Point, tags?: OsmTags): PointSurroundings {
    const containing = this.areasAt(point);
    const country = this.countryAt(point, containing, tags);
    const areaByLevel = new Map<number, { name: string; borderType: string | undefined }>();
    for (const area of containing) if (!areaByLevel.has(area.level)) areaByLevel.set(area.level, area);
    const names = regionNames(country, {
      areaByLevel,
      placeByKind: this.nearestPlaces(point),
      addrCity: tags?.['addr:city'],
      addrState: tags?.['addr:state'],
    });
    return { country, ...names };
  }

  /** Administrative areas usable as localities (below country level), with their centre. */
  localityAreas(): AdminArea[] {
    return this.areas.filter((area) => area.level >= 4);
  }

  private nearestPlaces(point: Point): Map<string, string> {
    const byKind = new Map<string, { name: string; distance: number }>();
    if (!this.placeTree) return new Map();
    const { dLat, dLon } = degreeBox(point.lat, longestReach);
    for (const id of this.placeTree.search(point.lon - dLon, point.lat - dLat, point.lon + dLon, point.lat + dLat)) {
      const place = this.places[id]!;
      const distance = distanceMeters(point, place);
      if (distance > (placeReach[place.kind] ?? 0)) continue;
      const known = byKind.get(place.kind);
      if (!known || distance < known.distance) byKind.set(place.kind, { name: place.name, distance });
    }
    return new Map([...byKind].map(([kind, { name }]) => [kind, name]));
  }
}

function buildAreas(source: OsmAddressSource): AdminArea[] {
  const coordinates = (ids: number[]) => {
    const flat: number[] = [];
    for (const id of ids) {
      const point = source.coordinates.get(id);
      if (!point) return undefined;
      flat.push(point.lat, point.lon);
    }
    return flat;
  };
  const areas: AdminArea[] = [];
  for (const { relation, outer, inner } of source.boundaries) {
    const rings = areaRings(outer, inner, coordinates);
    if (!rings) continue;
    const centre = (relation.centre !== undefined ? source.coordinates.get(relation.centre) : undefined) ?? ringCentroid(rings.outer[0]!);
    areas.push({
      ...rings,
      name: relation.tags.name!,
      level: Number(relation.tags.admin_level),
      borderType: relation.tags.border_type,
      country: ownCountry(relation.tags),
      centre,
    });
  }
  inheritCountries(areas);
  return areas;
}

/** An area without a country tag of its own takes the country of the smallest known area around its centre. */
function inheritCountries(areas: AdminArea[]): void {
  const known = areas.filter((area) => area.country !== undefined).sort((a, b) => b.level - a.level);
  for (const area of areas) {
    if (area.country !== undefined) continue;
    area.country = known.find((outer) => outer.level < area.level && areaContains(outer, area.centre))?.country;
  }
}

/** The country most addresses are tagged with or lie in; street ways vote when no address tells. */
function dominantCountry(source: OsmAddressSource, areas: AdminArea[]): string {
  const votes = new Map<string, number>();
  const vote = (country: string | undefined) => {
    if (country && countryCode.test(country)) votes.set(country, (votes.get(country) ?? 0) + 1);
  };
  const nationalAreas = areas.filter((area) => area.level === 2 && area.country !== undefined);
  const locate = (point: Point | undefined) => (point ? nationalAreas.find((area) => areaContains(area, point))?.country : undefined);
  for (const node of source.addressNodes) vote(node.tags['addr:country']?.toUpperCase() ?? locate(node));
  for (const way of source.addressWays) vote(way.tags['addr:country']?.toUpperCase() ?? locate(source.coordinates.get(way.refs[0]!)));
  if (votes.size === 0) for (const way of source.streetWays) vote(locate(source.coordinates.get(way.refs[0]!)));
  let best = '';
  let bestVotes = 0;
  for (const [country, count] of votes) {
    if (count > bestVotes) {
      best = country;
      bestVotes = count;
    }
  }
  return best;
}
