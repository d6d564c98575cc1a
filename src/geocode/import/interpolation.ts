/**
 * House numbers that are not mapped as points: placed along an `addr:interpolation` stretch in proportion to
 * the numbered ends, or estimated between the mapped neighbours of the same side of the street.
 */
import type { AddressRecord, InterpolationRecord } from '../index/geocode-index.js';
import type { Point } from '../../geometry/point.js';
import { pointAlongLine } from '../../geometry/polyline.js';
import { between } from '../../geometry/segment-projection.js';

/** Numbers of the wrong parity (odd/even stretches) or outside the range are not on the stretch. */
export function interpolatedPoint(section: InterpolationRecord, value: number): Point | undefined {
  const low = Math.min(section.from, section.to), high = Math.max(section.from, section.to);
  if (value <= low || value >= high || (value - section.from) % section.step !== 0) return undefined;
  return pointAlongLine(section.line, (value - section.from) / (section.to - section.from));
}

/** Numbers further apart than this on one side of a street are not a block to estimate within. */
const maxNeighbourGap = 40;

/**
 * A number that is not mapped, estimated between the nearest mapped numbers of its side of the street (the
 * same parity) below and above it: "9" halfway between "7" and "11". Undefined without a neighbour on both
 * sides within a block's gap.
 */
export function betweenNeighbours(
  addresses: readonly AddressRecord[],
  value: number,
): { location: Point; intersection: Point | undefined; nearest: AddressRecord } | undefined {
  let below: { address: AddressRecord; value: number } | undefined;
  let above: { address: AddressRecord; value: number } | undefined;
  for (const address of addresses) {
    const mapped = Number.parseInt(address.number, 10);
    if ((mapped - value) % 2 !== 0) continue;
    if (mapped < value && (!below || mapped > below.value)) below = { address, value: mapped };
    if (mapped > value && (!above || mapped < above.value)) above = { address, value: mapped };
  }
  if (!below || !above || above.value - below.value > maxNeighbourGap) return undefined;
  const t = (value - below.value) / (above.value - below.value);
  const [from, to] = [below.address, above.address];
  const meets = (address: AddressRecord) => (address.intersection ? { lat: address.intersection[0], lon: address.intersection[1] } : undefined);
  const fromMeets = meets(from), toMeets = meets(to);
  return {
    location: between(from, to, t),
    intersection: fromMeets && toMeets ? between(fromMeets, toMeets, t) : undefined,
    nearest: t <= 0.5 ? from : to,
  };
}
