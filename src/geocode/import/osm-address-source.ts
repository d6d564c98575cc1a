/**
 * Reads what the geocoder needs from an OSM extract in three streaming passes, so that only the coordinates
 * of nodes actually used are held in memory: relations first (which ways outline boundaries), then ways
 * (addresses, interpolations, named streets, boundary members), then nodes.
 */
import { readOsmFile, type OsmNode, type OsmTags, type OsmWay } from '../../map/osm/index.js';

export interface BoundaryRelation {
  tags: OsmTags;
  outer: number[];
  inner: number[];
  /** The admin_centre or label node, if the relation has one. */
  centre: number | undefined;
}

export interface BoundaryWays {
  relation: BoundaryRelation;
  outer: number[][];
  inner: number[][];
}

export interface OsmAddressSource {
  coordinates: Map<number, { lat: number; lon: number }>;
  /** Tags of the nodes that carry an address, an entrance or a place. */
  nodeTags: Map<number, OsmTags>;
  addressNodes: OsmNode[];
  placeNodes: OsmNode[];
  addressWays: OsmWay[];
  interpolationWays: OsmWay[];
  streetWays: OsmWay[];
  boundaries: BoundaryWays[];
}

const placeKinds = new Set(['city', 'town', 'village', 'suburb', 'hamlet', 'neighbourhood', 'quarter']);

const isAddress = (tags: OsmTags) =>
  tags['addr:housenumber'] !== undefined && (tags['addr:street'] !== undefined || tags['addr:place'] !== undefined);
const isPlace = (tags: OsmTags) => tags.name !== undefined && placeKinds.has(tags.place ?? '');
const isStreet = (tags: OsmTags) => tags.highway !== undefined && tags.name !== undefined;

async function readBoundaries(path: string): Promise<BoundaryRelation[]> {
  const boundaries: BoundaryRelation[] = [];
  await readOsmFile(path, {
    relation(relation) {
      const tags = relation.tags;
      if (tags.boundary !== 'administrative' || !tags.admin_level || !tags.name) return;
      const boundary: BoundaryRelation = { tags, outer: [], inner: [], centre: undefined };
      for (const member of relation.members) {
        if (member.type === 'way') (member.role === 'inner' ? boundary.inner : boundary.outer).push(member.ref);
        else if (member.type === 'node' && (member.role === 'admin_centre' || member.role === 'label')) boundary.centre ??= member.ref;
      }
      boundaries.push(boundary);
    },
  });
  return boundaries;
}

export async function readOsmAddressSource(path: string): Promise<OsmAddressSource> {
  const relations = await readBoundaries(path);
  const boundaryWayIds = new Set(relations.flatMap((relation) => [...relation.outer, ...relation.inner]));
  const wayRefs = new Map<number, number[]>();
  const neededNodes = new Set<number>(relations.flatMap((relation) => (relation.centre === undefined ? [] : [relation.centre])));
  const source: OsmAddressSource = {
    coordinates: new Map(), nodeTags: new Map(), addressNodes: [], placeNodes: [],
    addressWays: [], interpolationWays: [], streetWays: [], boundaries: [],
  };
  await readOsmFile(path, {
    way(way) {
      const tags = way.tags;
      let needed = boundaryWayIds.has(way.id);
      if (needed) wayRefs.set(way.id, way.refs);
      const keep = (list: OsmWay[]) => {
        list.push(way);
        needed = true;
      };
      if (isAddress(tags)) keep(source.addressWays);
      else if (tags['addr:interpolation'] !== undefined) keep(source.interpolationWays);
      if (isStreet(tags)) keep(source.streetWays);
      if (needed) for (const ref of way.refs) neededNodes.add(ref);
    },
  });
  await readOsmFile(path, {
    node(node) {
      const tags = node.tags;
      const tagged = isAddress(tags) || tags.entrance !== undefined || isPlace(tags) || tags['addr:housenumber'] !== undefined;
      if (!tagged && !neededNodes.has(node.id)) return;
      source.coordinates.set(node.id, { lat: node.lat, lon: node.lon });
      if (!tagged) return;
      source.nodeTags.set(node.id, tags);
      if (isAddress(tags)) source.addressNodes.push(node);
      if (isPlace(tags)) source.placeNodes.push(node);
    },
  });
  const refsOf = (ids: number[]) => ids.map((id) => wayRefs.get(id)).filter((refs): refs is number[] => refs !== undefined);
  source.boundaries = relations.map((relation) => ({ relation, outer: refsOf(relation.outer), inner: refsOf(relation.inner) }));
  return source;
}
