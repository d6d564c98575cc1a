/**
 * What surrounds a point: its country and its region names. Administrative areas are tested by
 * point-in-polygon; places (place=* nodes) count within a reach that depends on their kind. The country comes
 * from the address's tag, else from the most specific containing area whose country is known, else from the
 * map's dominant country (a boundary clipped by the extract has no closed ring).
 */
import type Flatbush from 'flatbush';
import type { OsmTags } from '../../map/osm/index.js';
import { degreeBox } from '../../geometry/degree-box.js';
import { areaContains, areaFromRings, joinWays, type AreaRings } from '../import/boundary-rings.js';
import { boxTree, pointBox } from './box-tree.js';
import { resolveClippedArea } from '../import/clipped-areas.js';
import { regionNames, type RegionNames } from '../text/country-rules.js';
import type { Point } from '../../geometry/point.js';
import { ringCentroid } from '../../geometry/polygon.js';
import { distanceMeters } from '../../geometry/sphere.js';
import { OfficialKeys, officialKey } from '../import/official-keys.js';
import type { BoundaryRelation, OsmAddressSource } from '../import/osm-address-source.js';
import { foldText } from '../text/text-folding.js';

export interface AdminArea extends AreaRings {
  name: string;
  /** `name:en` and `int_name`, when they differ from the name. */
  otherNames: string[];
  level: number;
  borderType: string | undefined;
  country: string | undefined;
  centre: Point;
  /** The official key of a German area (docs/geocoding.md). */
  key: string | undefined;
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

/** A valid upper-case country code from a tag value, which mappers write in either case. */
function countryOf(value: string | undefined): string | undefined {
  const code = value?.toUpperCase();
  return code && countryCode.test(code) ? code : undefined;
}

function ownCountry(tags: OsmTags): string | undefined {
  return countryOf(tags['ISO3166-1:alpha2'] ?? tags['ISO3166-1']) ?? countryOf(tags['ISO3166-2']?.slice(0, 2)) ?? countryOf(tags['is_in:country_code']);
}

export interface PointSurroundings extends RegionNames {
  country: string;
}

export class Surroundings {
  private readonly areas: AdminArea[];
  /** Bounding boxes of the areas, so that a point is tested against the few areas around it. */
  private readonly areaTree: Flatbush | undefined;
  private readonly places: PlacePoint[];
  private readonly placeTree: Flatbush | undefined;
  readonly dominantCountry: string;
  /** The addr:state most addresses carry: the state of points without one where no state boundary is mapped. */
  private readonly dominantState: string | undefined;
  private readonly officialKeys: OfficialKeys;

  constructor(source: OsmAddressSource) {
    this.areas = buildAreas(source);
    this.officialKeys = new OfficialKeys(source.boundaries.map((boundary) => boundary.relation));
    this.areaTree = boxTree(this.areas.map((area) => area.bbox));
    this.places = source.placeNodes.map((node) => ({ lat: node.lat, lon: node.lon, name: node.tags.name!, kind: node.tags.place! }));
    this.placeTree = boxTree(this.places.map(pointBox));
    this.dominantCountry = dominantCountry(source, this.areas);
    this.dominantState = mostCommon([...source.addressNodes, ...source.addressWays].map((element) => element.tags['addr:state']));
  }

  /** Areas containing the point, most specific (highest admin_level) first. */
  areasAt(point: Point): AdminArea[] {
    if (!this.areaTree) return [];
    return this.areaTree
      .search(point.lon, point.lat, point.lon, point.lat)
      .map((id) => this.areas[id]!)
      .filter((area) => areaContains(area, point))
      .sort((a, b) => b.level - a.level);
  }

  countryAt(point: Point, containing = this.areasAt(point), tags?: OsmTags): string {
    return countryOf(tags?.['addr:country']) ?? containing.find((area) => area.country !== undefined)?.country ?? this.dominantCountry;
  }

  describe(point: Point, tags?: OsmTags): PointSurroundings {
    const containing = this.areasAt(point);
    const country = this.countryAt(point, containing, tags);
    const areaByLevel = new Map<number, { name: string; borderType: string | undefined }>();
    for (const area of containing) if (!areaByLevel.has(area.level)) areaByLevel.set(area.level, area);
    this.addKeyedLevels(areaByLevel, containing);
    const names = regionNames(country, {
      areaByLevel,
      placeByKind: this.nearestPlaces(point),
      addrCity: tags?.['addr:city'],
      addrState: tags?.['addr:state'] ?? this.dominantState,
    });
    return { country, ...names };
  }

  /** The district and state that the official key of the most specific keyed area names, where no ring held the point. */
  private addKeyedLevels(areaByLevel: Map<number, { name: string; borderType: string | undefined }>, containing: AdminArea[]): void {
    const key = containing.find((area) => area.key !== undefined && area.level > 6)?.key;
    if (key === undefined) return;
    for (const level of [6, 4]) {
      const name = areaByLevel.has(level) ? undefined : this.officialKeys.nameAbove(key, level);
      if (name) areaByLevel.set(level, { name, borderType: undefined });
    }
  }

  /** The names of each country, from its national boundary. */
  countryNames(): Record<string, string[]> {
    const names: Record<string, string[]> = {};
    for (const area of this.areas) {
      if (area.level !== 2 || area.country === undefined) continue;
      names[area.country] = [...new Set([...(names[area.country] ?? []), area.name, ...area.otherNames])];
    }
    return names;
  }

  /** Administrative areas usable as localities (below country level), with their centre. */
  localityAreas(): AdminArea[] {
    return this.areas.filter((area) => area.level >= 4);
  }

  private nearestPlaces(point: Point): Map<string, { name: string; distance: number }> {
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
    return byKind;
  }
}

function extractBox(source: OsmAddressSource): [number, number, number, number] {
  let minLat = Infinity, minLon = Infinity, maxLat = -Infinity, maxLon = -Infinity;
  for (const { lat, lon } of source.coordinates.values()) {
    minLat = Math.min(minLat, lat);
    maxLat = Math.max(maxLat, lat);
    minLon = Math.min(minLon, lon);
    maxLon = Math.max(maxLon, lon);
  }
  return [minLat, minLon, maxLat, maxLon];
}

/** Points that name a place: place nodes by their name, addresses by their addr:city. */
function namedPoints(source: OsmAddressSource): Map<string, Point[]> {
  const byName = new Map<string, Point[]>();
  const add = (name: string | undefined, point: Point | undefined) => {
    if (!name || !point) return;
    const key = foldText(name);
    byName.set(key, [...(byName.get(key) ?? []), point]);
  };
  for (const node of source.placeNodes) add(node.tags.name, node);
  for (const node of source.addressNodes) add(node.tags['addr:city'], node);
  for (const way of source.addressWays) add(way.tags['addr:city'], source.coordinates.get(way.refs[0]!));
  return byName;
}

interface AreaDraft {
  relation: BoundaryRelation;
  level: number;
  closed: number[][];
  inner: number[][];
  open: number[][];
  centre: Point | undefined;
  evidence: Point[];
}

function buildAreas(source: OsmAddressSource): AdminArea[] {
  const coordinates = (ids: number[]) =>
    ids.flatMap((id) => {
      const point = source.coordinates.get(id);
      return point ? [point.lat, point.lon] : [];
    });
  const box = extractBox(source);
  const inBox = (point: Point) => point.lat >= box[0] && point.lat <= box[2] && point.lon >= box[1] && point.lon <= box[3];
  const named = namedPoints(source);
  const drafts: AreaDraft[] = source.boundaries.map(({ relation, outer, inner }) => {
    const joined = joinWays(outer);
    const centre = relation.centre !== undefined ? source.coordinates.get(relation.centre) : undefined;
    const evidence = [...(named.get(foldText(relation.tags.name!)) ?? []), ...(centre && inBox(centre) ? [centre] : [])];
    return {
      relation, level: Number(relation.tags.admin_level), centre, evidence,
      closed: joined.closed.map(coordinates), inner: joinWays(inner).closed.map(coordinates), open: joined.open.map(coordinates),
    };
  });
  const areas: AdminArea[] = [];
  for (const draft of drafts) {
    const neighbours = drafts.filter((other) => other !== draft && other.level === draft.level).flatMap((other) => other.evidence);
    const rings =
      draft.closed.length > 0
        ? areaFromRings(draft.closed, draft.inner)
        : draft.open.length > 0
          ? resolveClippedArea({ chains: draft.open, evidence: draft.evidence }, box, neighbours)
          : undefined;
    if (!rings) continue;
    const tags = draft.relation.tags;
    areas.push({
      ...rings, name: tags.name!, otherNames: [tags['name:en'], tags.int_name].filter((name): name is string => Boolean(name) && name !== tags.name),
      level: draft.level, borderType: tags.border_type, country: ownCountry(tags),
      centre: draft.centre ?? ringCentroid(rings.outer[0]!), key: officialKey(tags),
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

function mostCommon(values: (string | undefined)[]): string | undefined {
  const counts = new Map<string, number>();
  for (const value of values) if (value) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | undefined;
  for (const [value, count] of counts) if (best === undefined || count > counts.get(best)!) best = value;
  return best;
}

/** The country most addresses are tagged with or lie in; street ways vote when no address tells. */
function dominantCountry(source: OsmAddressSource, areas: AdminArea[]): string {
  const nationalAreas = areas.filter((area) => area.level === 2 && area.country !== undefined);
  const locate = (point: Point | undefined) => (point ? nationalAreas.find((area) => areaContains(area, point))?.country : undefined);
  const fromAddresses = [
    ...source.addressNodes.map((node) => countryOf(node.tags['addr:country']) ?? locate(node)),
    ...source.addressWays.map((way) => countryOf(way.tags['addr:country']) ?? locate(source.coordinates.get(way.refs[0]!))),
  ];
  return mostCommon(fromAddresses) ?? mostCommon(source.streetWays.map((way) => locate(source.coordinates.get(way.refs[0]!)))) ?? '';
}
