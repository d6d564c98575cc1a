/**
 * Rounding parts so that they add up to their rounded total (largest-remainder rounding): per-stop `time_to`
 * values written in whole seconds add up to the route's written `driving_time`, and distances written to the
 * centimetre add up to its `distance_meters`. Rounding each part on its own could miss by up to half a unit per
 * stop.
 */

/**
 * Each part rounded to a whole number of units (`unitsPerOne` of them make 1: 100 for centimetres of metres);
 * together they make the total rounded the same way (as `twoDecimals` and `formatTimespan` round it).
 */
export function apportion(parts: readonly number[], total: number, unitsPerOne = 1): number[] {
  const scaled = parts.map((part) => part * unitsPerOne);
  const whole = scaled.map(Math.floor);
  let missing = Math.round(total * unitsPerOne) - whole.reduce((sum, value) => sum + value, 0);
  if (parts.length === 0 || missing === 0) return whole.map((value) => value / unitsPerOne);
  // Largest fractions first take a unit; when the total is below the floors, smallest fractions give one back.
  const order = scaled.map((_, index) => index).sort((a, b) => (scaled[b]! - whole[b]!) - (scaled[a]! - whole[a]!) || a - b);
  if (missing < 0) order.reverse();
  const step = Math.sign(missing);
  for (let turn = 0; missing !== 0; turn++, missing -= step) whole[order[turn % order.length]!]! += step;
  return whole.map((value) => value / unitsPerOne);
}
