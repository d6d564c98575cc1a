import type { WayRule } from '../profiles/index.js';

/** A turn restriction as tagged, before it is resolved to arcs. `via` is a node id or a list of way ids. */
export interface TaggedRestriction {
  kind: 'no' | 'only';
  /** Hours of the week a `restriction:conditional` applies in (1 per hour from Monday 00:00); null: always. */
  hours: Uint8Array | null;
  fromWays: number[];
  via: { node: number } | { ways: number[] };
  toWays: number[];
}

export interface PlaceCircle {
  lat: number;
  lon: number;
  radiusMeters: number;
}

/**
 * What the importer keeps from an OSM file for one profile: the position of every node a routable way uses, in
 * typed arrays, the ways any profile of the map may route on with this profile's rules (ArcFlag.Closed on those
 * it may not use), and the few tagged nodes and relations the graph needs.
 */
export interface OsmExtract {
  nodeIds: Float64Array;
  nodeLat: Float64Array;
  nodeLon: Float64Array;
  /** Whether nodeIds ascend; otherwise the resolver sorts a permutation. */
  nodeIdsSorted: boolean;
  barrierNodeIds: Set<number>;
  signalNodeIds: Set<number>;
  /** NodeControl bits of nodes that carry any (signals, signs, turning places), by OSM id. */
  nodeControls: Map<number, number>;
  /** Height limits tagged on nodes (height restrictors, low bridges drawn as a point), metres. */
  nodeMaxHeights: Map<number, number>;
  places: PlaceCircle[];
  wayIds: Float64Array;
  wayRefStart: Uint32Array;
  wayRefs: Float64Array;
  wayRules: WayRule[];
  restrictions: TaggedRestriction[];
  /** Restriction relations for this vehicle whose members do not form from, via and to. */
  brokenRestrictionCount: number;
}
