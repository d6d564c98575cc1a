import { NO_TAGS, readOsmFile, type OsmRelation, type OsmTags } from '../osm/index.js';
import type { Profile, WayRule } from '../profiles/index.js';
import { parseLengthMeters } from '../profiles/tag-parsers.js';
import { GrowableArray } from './growable-array.js';
import { nodeControlOf } from './node-control.js';
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

/** Reads an OSM file once, keeping what `profile` needs to build its road graph. */
export async function collectOsm(path: string, profile: Profile, onProgress?: (f: number) => void): Promise<OsmExtract> {
  const nodeIds = new GrowableArray(Float64Array, 1 << 16);
  const nodeLat = new GrowableArray(Float64Array, 1 << 16);
  const nodeLon = new GrowableArray(Float64Array, 1 << 16);
  const wayIds = new GrowableArray(Float64Array);
  const wayRefStart = new GrowableArray(Uint32Array);
  const wayRefs = new GrowableArray(Float64Array, 1 << 16);
  wayRefStart.push(0);
  const wayRules: WayRule[] = [];
  const barrierNodeIds = new Set<number>(), signalNodeIds = new Set<number>();
  const nodeMaxHeights = new Map<number, number>();
  const nodeControls = new Map<number, number>();
  const places: PlaceCircle[] = [];
  const restrictions: TaggedRestriction[] = [];
  let brokenRestrictionCount = 0;
  let nodeIdsSorted = true, lastNodeId = -Infinity;

  await readOsmFile(path, {
    node(node) {
      if (node.id < lastNodeId) nodeIdsSorted = false;
      lastNodeId = node.id;
      nodeIds.push(node.id);
      nodeLat.push(node.lat);
      nodeLon.push(node.lon);
      const { tags } = node;
      if (tags !== NO_TAGS && profile.isBarrier(tags)) barrierNodeIds.add(node.id);
      if (tags.highway === 'traffic_signals') signalNodeIds.add(node.id);
      const control = tags === NO_TAGS ? 0 : nodeControlOf(tags);
      if (control !== 0) nodeControls.set(node.id, control);
      const maxHeight = parseLengthMeters(tags.maxheight);
      if (maxHeight !== undefined && maxHeight > 0) nodeMaxHeights.set(node.id, maxHeight);
      const place = tags.place === undefined ? undefined : placeOf(node.lat, node.lon, tags);
      if (place) places.push(place);
    },
    way(way) {
      if (way.refs.length < 2) return;
      const rule = profile.way(way.tags);
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

  return {
    nodeIds: nodeIds.toArray(), nodeLat: nodeLat.toArray(), nodeLon: nodeLon.toArray(), nodeIdsSorted,
    barrierNodeIds, signalNodeIds, nodeControls, nodeMaxHeights, places,
    wayIds: wayIds.toArray(), wayRefStart: wayRefStart.toArray(), wayRefs: wayRefs.toArray(), wayRules, restrictions, brokenRestrictionCount,
  };
}
