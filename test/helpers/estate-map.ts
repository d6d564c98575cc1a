// A destination-only zone for the scenario tests: the two streets a–x–b and b–y–c (one zone: they meet at
// b), with the way round, by f–g, longer than the way through. s and t lie outside on the two sides.
import { AsciiMap } from './ascii-map.js';

const estate = `
a-x-b-y-c
|       |
s       t
|       |
|       |
f-------g
`;

/** The estate with `zone` tags on its two inner streets (none: ordinary streets). */
export function estateMap(zone: Record<string, string>): AsciiMap {
  const residential = { highway: 'residential' };
  return new AsciiMap(estate)
    .way('axb', { ...residential, ...zone }).way('byc', { ...residential, ...zone })
    .way('asf', residential).way('fg', residential).way('ctg', residential);
}
