import { NO_TAGS, readOsmFile, type OsmRelation, type OsmTags } from '../osm/index.js';
import { PROFILES, type Profile, type WayRule } from '../profiles/index.js';
import { mapWayRule } from '../profiles/map-way-rule.js';
import { parseLengthMeters } from '../profiles/tag-parsers.js';
import { GrowableArray } from './growable-array.js';
import { nodeControlOf } from './node-control.js';
import { NodeIndex } from './node-index.js';
import type { OsmExtract, PlaceCircle, TaggedRestriction } from './osm-extract.js';

/** Radius of the built-up area around a place node, by place type (metres). */
const PLACE_RADIUS_M: Record<string, number> = { city: 4000, town: 2000, suburb: 1200, village: 900, quarter: 700 };

function placeOf(lat: number, lon: number, tags: OsmTags): PlaceCircle | undefined {
  const radius = tags.place === undefined ? undefined : PLACE_RADIUS_M[tags.place];
  return radius === undefined ? undefined : { lat, lon, radiusMeters: radius };
}

/**
 * The restriction a relation tags for this vehicle; 'broken' when it applies but its members do not fit, or
 * its condition cannot be read.
 */
function restrictionOf(relation: OsmRelation, profile: Profile): TaggedRestriction | 'broken' | undefined {
  const tagged = profile.restrictionOf(relation.tags);
  if (tagged === 'unreadable') return 'broken';
  const value = tagged?.value;
  const kind = value?.startsWith('no_') ? 'no' : value?.startsWith('only_') ? 'only' : undefined;
  if (kind === undefined) return undefined;
  const fromWays: number[] = [], toWays: number[] = [], viaWays: number[] = [];
  let viaNode: number | undefined;
  for (const m of relation.members) {
    if (m.role === 'from' && m.type === 'way') fromWays.push(m.ref);
    else if (m.role === 'to' && m.type === 'way') toWays.push(m.ref);
    else if (m.role === 'via' && m.type === 'node') viaNode = m.ref;
    else if (m.role === 'via' && m.type === 'way') viaWays.push(m.ref);
  }
  if (fromWays.length === 0 || toWays.length === 0) return 'broken';
  if ((viaNode === undefined) === (viaWays.length === 0)) return 'broken';
  return { kind, hours: tagged!.hours, fromWays, toWays, via: viaNode !== undefined ? { node: viaNode } : { ways: viaWays } };
}

type RoadWays = Pick<OsmExtract, 'wayIds' | 'wayRefStart' | 'wayRefs' | 'wayRules' | 'restrictions' | 'brokenRestrictionCount'>;
type RoadNodes = Pick<OsmExtract, 'nodeIds' | 'nodeLat' | 'nodeLon' | 'nodeIdsSorted' | 'barrierNodeIds' | 'signalNodeIds' | 'nodeControls' | 'nodeMaxHeights' | 'places'>;

/** Every profile a map serves imports the ways any of them may use (map-way-rule.ts). */
const MAP_PROFILES = Object.values(PROFILES);

/**
 * First pass: the ways some profile may route on, with this profile's rules, and the restriction relations.
 * Nodes are skipped undecoded.
 */
async function collectRoadWays(path: string, profile: Profile, onProgress?: (f: number) => void): Promise<RoadWays> {
  const wayIds = new GrowableArray(Float64Array);
  const wayRefStart = new GrowableArray(Uint32Array);
  const wayRefs = new GrowableArray(Float64Array, 1 << 16);
  wayRefStart.push(0);
  const wayRules: WayRule[] = [];
  const restrictions: TaggedRestriction[] = [];
  let brokenRestrictionCount = 0;
  await readOsmFile(path, {
    way(way) {
      if (way.refs.length < 2) return;
      const rule = mapWayRule(profile, MAP_PROFILES, way.tags);
      if (!rule) return;
      wayIds.push(way.id);
      for (const ref of way.refs) wayRefs.push(ref);
      wayRefStart.push(wayRefs.length);
      wayRules.push(rule);
    },
    relation(relation) {
      const restriction = restrictionOf(relation, profile);
      if (restriction === 'broken') brokenRestrictionCount++;
      else if (restriction) restrictions.push(restriction);
    },
  }, { onProgress });
  return { wayIds: wayIds.toArray(), wayRefStart: wayRefStart.toArray(), wayRefs: wayRefs.toArray(), wayRules, restrictions, brokenRestrictionCount };
}

/** The distinct node ids the ways use, ascending. */
function distinctSorted(refs: Float64Array): Float64Array {
  const ids = Float64Array.from(refs).sort();
  let kept = 0;
  for (let i = 0; i < ids.length; i++) if (i === 0 || ids[i] !== ids[kept - 1]) ids[kept++] = ids[i]!;
  return ids.subarray(0, kept);
}

/**
 * Second pass: coordinates and tags of the nodes the ways use (a country's file holds several times more nodes
 * than its roads do: buildings, land use), and the place nodes of every kind. Node ids the file lacks are dropped,
 * so the index answers -1 for them as the resolver expects.
 */
async function collectRoadNodes(path: string, profile: Profile, wanted: Float64Array, onProgress?: (f: number) => void): Promise<RoadNodes> {
  const nodeLat = new Float64Array(wanted.length), nodeLon = new Float64Array(wanted.length);
  const found = new Uint8Array(wanted.length);
  const barrierNodeIds = new Set<number>(), signalNodeIds = new Set<number>();
  const nodeMaxHeights = new Map<number, number>();
  const nodeControls = new Map<number, number>();
  const places: PlaceCircle[] = [];
  // Sorted files (the norm) are matched by walking both lists together; one node out of order ends that.
  let ascending = true, lastId = -Infinity, cursor = 0;
  const index = new NodeIndex(wanted, true);
  await readOsmFile(path, {
    node(node) {
      const { id, tags } = node;
      const place = tags.place === undefined ? undefined : placeOf(node.lat, node.lon, tags);
      if (place) places.push(place);
      if (id < lastId) ascending = false;
      lastId = id;
      let at: number;
      if (ascending) {
        while (cursor < wanted.length && wanted[cursor]! < id) cursor++;
        at = cursor < wanted.length && wanted[cursor] === id ? cursor : -1;
      } else at = index.indexOf(id);
      if (at < 0) return;
      found[at] = 1;
      nodeLat[at] = node.lat;
      nodeLon[at] = node.lon;
      if (tags === NO_TAGS) return;
      if (profile.isBarrier(tags)) barrierNodeIds.add(id);
      if (tags.highway === 'traffic_signals') signalNodeIds.add(id);
      const control = nodeControlOf(tags);
      if (control !== 0) nodeControls.set(id, control);
      const maxHeight = parseLengthMeters(tags.maxheight);
      if (maxHeight !== undefined && maxHeight > 0) nodeMaxHeights.set(id, maxHeight);
    },
  }, { onProgress });
  const present = (_: number, i: number): boolean => found[i] === 1;
  const complete = found.every((flag) => flag === 1);
  return {
    nodeIds: complete ? wanted : wanted.filter(present),
    nodeLat: complete ? nodeLat : nodeLat.filter(present),
    nodeLon: complete ? nodeLon : nodeLon.filter(present),
    nodeIdsSorted: true,
    barrierNodeIds, signalNodeIds, nodeControls, nodeMaxHeights, places,
  };
}

/**
 * Reads an OSM file in two passes, keeping what `profile` needs to build its road graph over the map's ways: the
 * ways first (a file lists nodes before ways, so only then is it known which nodes matter), then only the nodes
 * those ways use.
 */
export async function collectOsm(path: string, profile: Profile, onProgress?: (f: number) => void): Promise<OsmExtract> {
  const ways = await collectRoadWays(path, profile, (f) => onProgress?.(f / 2));
  const nodes = await collectRoadNodes(path, profile, distinctSorted(ways.wayRefs), (f) => onProgress?.(0.5 + f / 2));
  return { ...nodes, ...ways };
}
