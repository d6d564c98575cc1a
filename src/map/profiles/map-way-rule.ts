import { ArcFlag } from '../arc-flags.js';
import type { OsmTags } from '../osm/index.js';
import type { Profile, WayRule } from './profile.js';

/**
 * Every profile of a map imports the same ways, the union of those any of them may use, so that their graphs
 * share topology, geometry, attributes and names byte for byte (docs/scale.md). A way only other profiles may
 * use takes the first such profile's rule, closed: its direction, class, flags and limits are what the others
 * share, and every metric of this profile closes it (metric.ts).
 */
function closedRule(rule: WayRule): WayRule {
  return { ...rule, flags: rule.flags | ArcFlag.Closed };
}

/** The profile's rule of a way in a map that all of `mapProfiles` serve; null when none of them may use it. */
export function mapWayRule(profile: Profile, mapProfiles: readonly Profile[], tags: OsmTags): WayRule | null {
  const own = profile.way(tags);
  if (own) return own;
  for (const other of mapProfiles) {
    const rule = other === profile ? null : other.way(tags);
    if (rule) return closedRule(rule);
  }
  return null;
}
