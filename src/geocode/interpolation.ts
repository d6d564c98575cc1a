/**
 * A house number placed along an `addr:interpolation` stretch, in proportion to its distance from the numbered
 * ends. Numbers of the wrong parity (odd/even stretches) or outside the range are not there.
 */
import type { InterpolationRecord } from './geocode-index.js';
import { distanceMeters, type Point } from './geometry.js';

export function interpolatedPoint(section: InterpolationRecord, value: number): Point | undefined {
  const low = Math.min(section.from, section.to), high = Math.max(section.from, section.to);
  if (value <= low || value >= high || (value - section.from) % section.step !== 0) return undefined;
  const fraction = (value - section.from) / (section.to - section.from);
  const line = section.line;
  const lengths: number[] = [];
  let total = 0;
  for (let i = 0; i + 3 < line.length; i += 2) {
    const length = distanceMeters({ lat: line[i]!, lon: line[i + 1]! }, { lat: line[i + 2]!, lon: line[i + 3]! });
    lengths.push(length);
    total += length;
  }
  let remaining = fraction * total;
  for (let segment = 0; segment < lengths.length; segment++) {
    const length = lengths[segment]!;
    if (remaining <= length || segment === lengths.length - 1) {
      const t = length === 0 ? 0 : Math.min(1, remaining / length);
      const i = segment * 2;
      return { lat: line[i]! + t * (line[i + 2]! - line[i]!), lon: line[i + 1]! + t * (line[i + 3]! - line[i + 1]!) };
    }
    remaining -= length;
  }
  return undefined;
}
