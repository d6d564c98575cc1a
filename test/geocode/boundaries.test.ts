import t from 'tap';
import { areaContains, areaFromRings, closeAlongBox, joinWays } from '../../src/geocode/import/boundary-rings.js';
import { resolveClippedArea } from '../../src/geocode/import/clipped-areas.js';

t.test('member ways join into closed rings whatever their order and direction; the rest stays open', async (t) => {
  const { closed, open } = joinWays([[1, 2], [3, 2], [3, 4, 1], [6, 7], [5, 6]]);
  t.equal(closed.length, 1);
  t.same(new Set(closed[0]), new Set([1, 2, 3, 4]));
  t.equal(closed[0]![0], closed[0]![closed[0]!.length - 1], 'a ring ends where it starts');
  t.same(open, [[5, 6, 7]], 'a chain grows at both ends');
});

// A unit box cut north-south at longitude 0.5, as an extract cuts the border of two counties.
const box: [number, number, number, number] = [0, 0, 1, 1];
const border = [0, 0.5, 0.3, 0.45, 0.7, 0.55, 1, 0.5];
const west = { lat: 0.5, lon: 0.2 };
const east = { lat: 0.5, lon: 0.8 };

t.test('a chain cut by the extract closes along its edge into one side or the other', async (t) => {
  const sides = ([1, -1] as const).map((direction) => areaFromRings(closeAlongBox([border], box, direction), []));
  t.not(areaContains(sides[0]!, west), areaContains(sides[1]!, west), 'the two sides split the box');
  t.not(areaContains(sides[0]!, east), areaContains(sides[1]!, east));
  t.not(areaContains(sides[0]!, west), areaContains(sides[0]!, east));
});

t.test('the side of a clipped area is the one with its own evidence and without its neighbours\'', async (t) => {
  const byOwn = resolveClippedArea({ chains: [border], evidence: [west] }, box, []);
  t.ok(byOwn && areaContains(byOwn, west) && !areaContains(byOwn, east), 'its admin centre or addresses');
  const byNeighbour = resolveClippedArea({ chains: [border], evidence: [] }, box, [west]);
  t.ok(byNeighbour && areaContains(byNeighbour, east) && !areaContains(byNeighbour, west), 'the side the neighbour does not hold');
  t.equal(resolveClippedArea({ chains: [border], evidence: [] }, box, []), undefined, 'no evidence, no area');
});
