import { ArcFlag } from '../arc-flags.js';
import type { OsmTags } from '../osm/index.js';
import type { Profile, WayRule } from './profile.js';

/**
 * Every profile of a map imports the same ways, the union of those any of them may use, so that their graphs
 * share topology, geometry, attributes and names byte for byte (docs/scale.md). A way only other profiles may
 * use takes the first such profile's rule, closed: its direction, class, flags and limits are what the others
 * share, and every metric of this profile closes it (metric.ts). A way some profile may not use is marked so in
 * every profile's rule, because the turns all profiles share are decided by the roads all of them may use.
 */
export function mapWayRule(profile: Profile, mapProfiles: readonly Profile[], tags: OsmTags): WayRule | null {
  const own = profile.way(tags);
  const others = mapProfiles.filter((other) => other !== profile).map((other) => other.way(tags));
  const rule = own ?? others.find((other) => other !== null);
  if (!rule) return null;
  const closed = own ? 0 : ArcFlag.Closed;
  const closedToSome = own && others.every((other) => other !== null) ? 0 : ArcFlag.ClosedToSome;
  return closed | closedToSome ? { ...rule, flags: rule.flags | closed | closedToSome } : rule;
}
