/**
 * Boundaries clipped by the extract (Baltimore City against Baltimore County, Spain around Andorra) have no
 * closed ring. Closed along the extract's edge they have two possible sides; the inside is the side holding
 * the area's own evidence (its admin centre, places and addresses named like it) and not that of the areas
 * of the same level beside it. A clipped area without evidence either way is left out.
 */
import { areaContains, areaFromRings, closeAlongBox, type AreaRings } from './boundary-rings.js';
import type { Point } from '../../geometry/point.js';

export interface ClippedArea {
  chains: number[][];
  /** Points known to lie inside the area. */
  evidence: Point[];
}

export function resolveClippedArea(
  area: ClippedArea,
  box: [number, number, number, number],
  neighbourEvidence: readonly Point[],
): AreaRings | undefined {
  const sides = ([1, -1] as const).map((direction) => areaFromRings(closeAlongBox(area.chains, box, direction), []));
  const support = sides.map(
    (side) => area.evidence.filter((point) => areaContains(side, point)).length - neighbourEvidence.filter((point) => areaContains(side, point)).length,
  );
  if (support[0] === support[1]) return undefined;
  return support[0]! > support[1]! ? sides[0] : sides[1];
}
