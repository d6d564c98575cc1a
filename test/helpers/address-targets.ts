/**
 * Every distinct address of an extract with where it really is, read from the map itself, not from the
 * geocode index under test: the node, the building outline(s), or the point of its number along an
 * `addr:interpolation` way. The index lends only the town name the query is written with. An answer is on
 * target inside one of the outlines or on its walls, or within 5 m of one of the nodes or interpolated points.
 */
import { formatAddress } from '../../src/geocode/text/address-format.js';
import type { GeocodeIndex } from '../../src/geocode/index/geocode-index.js';
import { mappedHouseNumbers } from '../../src/geocode/text/house-number.js';
import { readOsmAddressSource, type OsmAddressSource } from '../../src/geocode/import/osm-address-source.js';
import { foldText } from '../../src/geocode/text/text-folding.js';
import type { Point } from '../../src/geometry/point.js';
import { ringContains } from '../../src/geometry/polygon.js';
import { pointAlongLine, projectOntoLine } from '../../src/geometry/polyline.js';
import { distanceMeters } from '../../src/geometry/sphere.js';
import type { OsmTags } from '../../src/map/osm/index.js';

export type AddressKind = 'node' | 'building' | 'entrance' | 'interpolation';
export const addressKinds: AddressKind[] = ['node', 'building', 'entrance', 'interpolation'];

export interface AddressTarget {
  kind: AddressKind;
  country: string;
  street: string;
  /** As the map writes it. */
  number: string;
  postcode: string;
  locality: string;
  points: Point[];
  outlines: number[][];
}

/** A node address is on target this close. */
export const nodeReach = 5;
/** An outline is on target from inside or on its walls, where entrances are (the walls' own width). */
const wallReach = 0.5;

interface MapObject {
  kind: AddressKind;
  tags: OsmTags;
  number: string;
  point: Point | undefined;
  outline: number[] | undefined;
}

function outlineOf(source: OsmAddressSource, refs: number[]): number[] {
  return refs.flatMap((ref) => {
    const point = source.coordinates.get(ref);
    return point ? [point.lat, point.lon] : [];
  });
}

function* mapObjects(source: OsmAddressSource): Generator<MapObject> {
  for (const node of source.addressNodes) {
    for (const number of mappedHouseNumbers(node.tags['addr:housenumber']!)) yield { kind: 'node', tags: node.tags, number: number.written, point: node, outline: undefined };
  }
  for (const way of source.addressWays) {
    const outline = outlineOf(source, way.refs);
    if (outline.length < 6) continue;
    const kind = way.refs.some((ref) => source.nodeTags.get(ref)?.entrance !== undefined) ? 'entrance' : 'building';
    for (const number of mappedHouseNumbers(way.tags['addr:housenumber']!)) yield { kind, tags: way.tags, number: number.written, point: undefined, outline };
  }
  yield* interpolatedObjects(source);
}

/** The numbers strictly between the numbered nodes of each interpolation way, where the map places them. */
function* interpolatedObjects(source: OsmAddressSource): Generator<MapObject> {
  for (const way of source.interpolationWays) {
    const step = way.tags['addr:interpolation'] === 'odd' || way.tags['addr:interpolation'] === 'even' ? 2 : Number(way.tags['addr:interpolation']) || 1;
    const numbered = way.refs
      .map((ref, at) => ({ at, tags: source.nodeTags.get(ref) }))
      .filter((end) => end.tags?.['addr:housenumber'] !== undefined)
      .map((end) => ({ ...end, value: mappedHouseNumbers(end.tags!['addr:housenumber']!)[0]?.value }));
    for (let k = 0; k + 1 < numbered.length; k++) {
      const [from, to] = [numbered[k]!, numbered[k + 1]!];
      if (from.value === undefined || to.value === undefined || Math.abs(to.value - from.value) <= step) continue;
      const line = outlineOf(source, way.refs.slice(from.at, to.at + 1));
      const tags = { ...from.tags, ...way.tags, 'addr:street': way.tags['addr:street'] ?? from.tags!['addr:street']! };
      const direction = Math.sign(to.value - from.value);
      for (let value = from.value + direction * step; value !== to.value && Math.sign(to.value - value) === direction; value += direction * step) {
        yield { kind: 'interpolation', tags, number: String(value), point: pointAlongLine(line, (value - from.value) / (to.value - from.value)), outline: undefined };
      }
    }
  }
}

/** Country, town and postcode of the index record nearest to a map object of the same street and number. */
function placeOf(index: GeocodeIndex, byKey: Map<string, number[]>, object: MapObject): { country: string; locality: string; postcode: string } | undefined {
  const near = object.point ?? { lat: object.outline![0]!, lon: object.outline![1]! };
  const key = `${foldText(object.tags['addr:street'] ?? object.tags['addr:place'] ?? '')}|${foldText(object.number)}`;
  let best: { id: number; distance: number } | undefined;
  for (const id of byKey.get(key) ?? []) {
    const distance = distanceMeters(index.addresses[id]!, near);
    if (!best || distance < best.distance) best = { id, distance };
  }
  const record = best === undefined ? undefined : index.addresses[best.id]!;
  if (!record && object.kind !== 'interpolation') return undefined;
  const context = index.contexts[record?.context ?? nearestContext(index, near)]!;
  return { country: context.country, locality: context.locality, postcode: object.tags['addr:postcode']?.trim() || record?.postcode || '' };
}

function nearestContext(index: GeocodeIndex, point: Point): number {
  let best = { context: 0, distance: Infinity };
  for (const section of index.interpolations) {
    const distance = projectOntoLine(point, section.line).distance;
    if (distance < best.distance) best = { context: section.context, distance };
  }
  return best.context;
}

/** Every distinct address text of the extract with all the map objects that carry it. */
export async function addressTargets(osmPath: string, index: GeocodeIndex): Promise<AddressTarget[]> {
  const source = await readOsmAddressSource(osmPath);
  const byKey = new Map<string, number[]>();
  index.addresses.forEach((address, id) => {
    const key = `${foldText(index.streets[address.street]!.name)}|${foldText(address.number)}`;
    byKey.set(key, [...(byKey.get(key) ?? []), id]);
  });
  const targets = new Map<string, AddressTarget>();
  for (const object of mapObjects(source)) {
    const place = placeOf(index, byKey, object);
    const street = object.tags['addr:street'] ?? object.tags['addr:place'];
    if (!place || !street) continue;
    const key = `${place.country}|${foldText(street)}|${foldText(object.number)}|${place.postcode}|${foldText(place.locality)}`;
    const target = targets.get(key) ?? { kind: object.kind, street, number: object.number, ...place, points: [], outlines: [] };
    if (object.point) target.points.push(object.point);
    if (object.outline) target.outlines.push(object.outline);
    targets.set(key, target);
  }
  return [...targets.values()];
}

/** "number street, postcode town" as the country writes it. */
export function addressText(target: AddressTarget, parts: { postcode?: boolean; locality?: boolean } = {}): string {
  return formatAddress({
    country: target.country, streetName: target.street, streetNumber: target.number,
    postcode: parts.postcode === false ? undefined : target.postcode, locality: parts.locality === false ? '' : target.locality,
  });
}

/** How far an answer lies from the address: 0 inside one of its outlines. */
export function missMeters(target: AddressTarget, answer: Point): number {
  if (target.outlines.some((outline) => ringContains(outline, answer))) return 0;
  const fromPoints = target.points.map((point) => distanceMeters(point, answer));
  const fromOutlines = target.outlines.map((outline) => projectOntoLine(answer, outline).distance);
  return Math.min(Infinity, ...fromPoints, ...fromOutlines);
}

/** Inside an outline or on its walls, or within `nodeReach` of a node or interpolated point. */
export function onTarget(target: AddressTarget, answer: Point): boolean {
  if (target.outlines.some((outline) => ringContains(outline, answer) || projectOntoLine(answer, outline).distance <= wallReach)) return true;
  return target.points.some((point) => distanceMeters(point, answer) <= nodeReach);
}
