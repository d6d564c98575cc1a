import type { OsmTags } from '../osm/index.js';
import { parseLengthMeters, parseWeightTonnes } from './tag-parsers.js';
import type { SizeLimits } from './dimension-classes.js';
import { conditionalParts } from './conditional-tags.js';

/**
 * The strictest limit a way posts under `keys` (most specific first, e.g. `maxweight:hgv` before `maxweight`),
 * their `:physical` and their `:conditional` forms; 0 when none parses. A conditional limit is kept at all
 * times: a truck that keeps to it is never wrong, one that ignores it may be.
 */
function strictestLimit(tags: OsmTags, keys: readonly string[], parse: (value: string) => number | undefined): number {
  const values = keys.flatMap((key) => [tags[key], tags[`${key}:physical`], ...conditionalParts(tags[`${key}:conditional`]).map((part) => part.value)]);
  let limit = 0;
  for (const value of values) {
    const parsed = value === undefined ? undefined : parse(value);
    if (parsed !== undefined && parsed > 0 && (limit === 0 || parsed < limit)) limit = parsed;
  }
  return limit;
}

/** Every size limit of a way (docs/routing.md, trucks): 0 on an axis the way does not limit. */
export function sizeLimitsOfWay(tags: OsmTags): SizeLimits {
  return {
    heightMeters: strictestLimit(tags, ['maxheight'], parseLengthMeters),
    weightTonnes: strictestLimit(tags, ['maxweight:hgv', 'maxweight'], parseWeightTonnes),
    widthMeters: strictestLimit(tags, ['maxwidth'], parseLengthMeters),
    lengthMeters: strictestLimit(tags, ['maxlength'], parseLengthMeters),
    axleLoadTonnes: strictestLimit(tags, ['maxaxleload'], parseWeightTonnes),
  };
}
