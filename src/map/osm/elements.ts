/**
 * OSM element shapes produced by `readOsmFile`, shared by the road-graph importer and the geocoder.
 * Tag objects of untagged elements are one shared frozen empty object: treat every `tags` as read-only.
 */
export type OsmTags = Readonly<Record<string, string>>;

export interface OsmNode {
  id: number;
  lat: number;
  lon: number;
  tags: OsmTags;
}

export interface OsmWay {
  id: number;
  /** Node ids in way order; a closed way repeats its first id at the end. */
  refs: number[];
  tags: OsmTags;
}

export type OsmMemberType = 'node' | 'way' | 'relation';

export interface OsmMember {
  type: OsmMemberType;
  ref: number;
  role: string;
}

export interface OsmRelation {
  id: number;
  members: OsmMember[];
  tags: OsmTags;
}

/**
 * Callbacks receive elements in file order (nodes, then ways, then relations in sorted extracts).
 * Leaving a callback out lets the reader skip building objects of that kind.
 */
export interface OsmHandler {
  node?(node: OsmNode): void;
  way?(way: OsmWay): void;
  relation?(relation: OsmRelation): void;
}

export const NO_TAGS: OsmTags = Object.freeze({});
