import t from 'tap';
import { seededRandom } from '../../src/common/seeded-random.js';
import { LocalFrame } from '../../src/geometry/local-frame.js';
import type { Point } from '../../src/geometry/point.js';
import { ringAreaSquareMeters, ringCentroid, ringContains } from '../../src/geometry/polygon.js';
import { pointAlongLine, projectOntoLine } from '../../src/geometry/polyline.js';
import { SegmentProjector } from '../../src/geometry/segment-projection.js';
import { bearingDegrees, distanceMeters } from '../../src/geometry/sphere.js';
import { surfacePoint } from '../../src/geometry/surface-point.js';
import { GnomonicPlane, referenceDistance } from '../helpers/sphere-reference.js';

const cases = 400;
const random = seededRandom(21);
const between = (low: number, high: number) => low + random() * (high - low);

/** Anywhere up to ±80°, a quarter of the cases within 200 m of the antimeridian. */
function randomOrigin(): Point {
  const lon = random() < 0.25 ? (random() < 0.5 ? 180 : -180) + between(-0.002, 0.002) : between(-180, 180);
  return { lat: between(-80, 80), lon: lon > 180 ? lon - 360 : lon < -180 ? lon + 360 : lon };
}

interface Shape {
  plane: GnomonicPlane;
  /** Vertices in the reference plane's metres. */
  metres: [number, number][];
  /** The same as flat [lat, lon, …], closed like an OSM way. */
  ring: number[];
}

/** 3–40 vertices around the origin, 5–300 m across; convex on an ellipse, star-shaped otherwise. */
function randomShape(convex: boolean): Shape {
  const plane = new GnomonicPlane(randomOrigin());
  const vertices = 3 + Math.floor(random() * 38);
  const across = between(5, 300);
  const [a, b, turn] = [across / 2, (across / 2) * between(0.3, 1), between(0, Math.PI)];
  const angles = Array.from({ length: vertices }, () => between(0, 2 * Math.PI)).sort((x, y) => x - y);
  const metres = angles.map((angle): [number, number] => {
    const reach = convex ? 1 : between(0.2, 1);
    const x = a * reach * Math.cos(angle), y = b * reach * Math.sin(angle);
    return [x * Math.cos(turn) - y * Math.sin(turn), x * Math.sin(turn) + y * Math.cos(turn)];
  });
  const ring = [...metres, metres[0]!].flatMap(([x, y]) => {
    const point = plane.toPoint(x, y);
    return [point.lat, point.lon];
  });
  return { plane, metres, ring };
}

function shoelace(metres: [number, number][]): { area: number; x: number; y: number } {
  let twice = 0, x = 0, y = 0;
  metres.forEach(([x0, y0], i) => {
    const [x1, y1] = metres[(i + 1) % metres.length]!;
    const cross = x0 * y1 - x1 * y0;
    twice += cross;
    x += (x0 + x1) * cross;
    y += (y0 + y1) * cross;
  });
  return { area: Math.abs(twice / 2), x: x / (3 * twice), y: y / (3 * twice) };
}

function referenceContains(metres: [number, number][], [px, py]: [number, number]): boolean {
  let inside = false;
  metres.forEach(([xi, yi], i) => {
    const [xj, yj] = metres[(i + metres.length - 1) % metres.length]!;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  });
  return inside;
}

function distanceToSegment([px, py]: [number, number], [ax, ay]: [number, number], [bx, by]: [number, number]): { distance: number; t: number } {
  const dx = bx - ax, dy = by - ay;
  const t = Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return { distance: Math.hypot(ax + t * dx - px, ay + t * dy - py), t };
}

const nearEdge = (metres: [number, number][], p: [number, number], margin: number) =>
  metres.some((a, i) => distanceToSegment(p, a, metres[(i + 1) % metres.length]!).distance < margin);

t.test('the centroid of a convex outline lies inside it and within 0.5 m of the reference, anywhere on Earth', async (t) => {
  let worst = 0;
  for (let i = 0; i < cases; i++) {
    const { plane, metres, ring } = randomShape(true);
    const reference = shoelace(metres);
    const centroid = ringCentroid(ring);
    const off = distanceMeters(centroid, plane.toPoint(reference.x, reference.y));
    worst = Math.max(worst, off);
    if (off > 0.5 || !ringContains(ring, centroid) || !referenceContains(metres, plane.toMetres(centroid))) {
      t.fail(`outline ${JSON.stringify(ring)}: centroid ${JSON.stringify(centroid)} is ${off} m off or outside`);
    }
    const onSurface = surfacePoint(ring);
    if (distanceMeters(onSurface, centroid) > 1e-3) t.fail(`a convex outline's surface point is its centroid: ${JSON.stringify(ring)}`);
  }
  t.ok(worst <= 0.5, `worst ${worst.toExponential(2)} m`);
});

t.test('the point of a non-convex outline lies inside it', async (t) => {
  for (let i = 0; i < cases; i++) {
    const { plane, metres, ring } = randomShape(false);
    const point = surfacePoint(ring);
    if (!referenceContains(metres, plane.toMetres(point))) t.fail(`outline ${JSON.stringify(ring)}: ${JSON.stringify(point)} is outside`);
  }
  t.pass(`${cases} outlines`);
});

t.test('areas agree with the reference within 0.1 %', async (t) => {
  for (let i = 0; i < cases; i++) {
    const { metres, ring } = randomShape(random() < 0.5);
    const expected = shoelace(metres).area, area = ringAreaSquareMeters(ring);
    if (Math.abs(area - expected) > 1e-3 * expected) t.fail(`${area} m² for ${expected} m²: ${JSON.stringify(ring)}`);
  }
  t.pass(`${cases} outlines`);
});

t.test('point-in-polygon agrees with the reference for every point farther than 1 cm from an edge', async (t) => {
  let tested = 0;
  for (let i = 0; i < cases; i++) {
    const { plane, metres, ring } = randomShape(random() < 0.5);
    const reach = Math.max(...metres.map(([x, y]) => Math.hypot(x, y)));
    for (let k = 0; k < 20; k++) {
      const p: [number, number] = [between(-reach, reach), between(-reach, reach)];
      if (nearEdge(metres, p, 0.01)) continue;
      tested++;
      const point = plane.toPoint(...p);
      if (ringContains(ring, point) !== referenceContains(metres, p)) t.fail(`${JSON.stringify(point)} in ${JSON.stringify(ring)}`);
    }
  }
  t.ok(tested > cases * 10, `${tested} points`);
});

/** A polyline of 2–10 points, 5–300 m long, and a point within 300 m of it. */
function randomLine(): { plane: GnomonicPlane; metres: [number, number][]; line: number[] } {
  const plane = new GnomonicPlane(randomOrigin());
  const points = 2 + Math.floor(random() * 9);
  const step = between(5, 300) / (points - 1);
  const metres: [number, number][] = [[0, 0]];
  let heading = between(0, 2 * Math.PI);
  for (let i = 1; i < points; i++) {
    heading += between(-1, 1);
    const [x, y] = metres[i - 1]!;
    metres.push([x + step * Math.cos(heading), y + step * Math.sin(heading)]);
  }
  const line = metres.flatMap(([x, y]) => {
    const point = plane.toPoint(x, y);
    return [point.lat, point.lon];
  });
  return { plane, metres, line };
}

t.test('a projection onto a line lies within 1 cm of the reference projection', async (t) => {
  let worst = 0;
  for (let i = 0; i < cases; i++) {
    const { plane, metres, line } = randomLine();
    const p: [number, number] = [between(-300, 300), between(-300, 300)];
    let best = { distance: Infinity, foot: [0, 0] as [number, number] };
    metres.slice(1).forEach((b, k) => {
      const a = metres[k]!;
      const { distance, t: along } = distanceToSegment(p, a, b);
      if (distance < best.distance) best = { distance, foot: [a[0] + along * (b[0] - a[0]), a[1] + along * (b[1] - a[1])] };
    });
    const projection = projectOntoLine(plane.toPoint(...p), line);
    const off = Math.max(distanceMeters(projection, plane.toPoint(...best.foot)), Math.abs(projection.distance - best.distance));
    worst = Math.max(worst, off);
    if (off > 0.01) t.fail(`${JSON.stringify(plane.toPoint(...p))} onto ${JSON.stringify(line)}: ${off} m off`);
  }
  t.ok(worst <= 0.01, `worst ${worst.toExponential(2)} m`);
});

t.test('the point at a share of a line lies on it, that share of its length from its start, within 1 cm', async (t) => {
  for (let i = 0; i < cases; i++) {
    const { plane, metres, line } = randomLine();
    const fraction = random();
    const lengths = metres.slice(1).map((b, k) => Math.hypot(b[0] - metres[k]![0], b[1] - metres[k]![1]));
    let remaining = fraction * lengths.reduce((a, b) => a + b, 0), k = 0;
    while (k < lengths.length - 1 && remaining > lengths[k]!) remaining -= lengths[k++]!;
    const [a, b] = [metres[k]!, metres[k + 1]!];
    const share = lengths[k]! === 0 ? 0 : remaining / lengths[k]!;
    const expected = plane.toPoint(a[0] + share * (b[0] - a[0]), a[1] + share * (b[1] - a[1]));
    const off = distanceMeters(pointAlongLine(line, fraction), expected);
    if (off > 0.01) t.fail(`${fraction} along ${JSON.stringify(line)}: ${off} m off`);
  }
  t.pass(`${cases} lines`);
});

t.test('distances agree with the reference within 1 mm and bearings within 0.01°', async (t) => {
  for (let i = 0; i < cases; i++) {
    const plane = new GnomonicPlane(randomOrigin());
    const from = plane.toPoint(0, 0);
    const to = plane.toPoint(between(-300, 300), between(-300, 300));
    const distance = distanceMeters(from, to), expected = referenceDistance(from, to);
    if (Math.abs(distance - expected) > 1e-3) t.fail(`${distance} m for ${expected} m`);
    const turn = Math.abs(((bearingDegrees(from.lat, from.lon, to.lat, to.lon) - plane.bearing(to) + 540) % 360) - 180);
    if (expected > 1 && turn > 0.01) t.fail(`bearing ${turn}° off from ${JSON.stringify(from)} to ${JSON.stringify(to)}`);
  }
  t.pass(`${cases} pairs`);
});

t.test('the cheap lower bound of the distance to a segment never exceeds its projected distance, and is near it far away', async (t) => {
  let tight = 0;
  for (let i = 0; i < 20 * cases; i++) {
    const plane = new GnomonicPlane(randomOrigin());
    const reach = random() < 0.5 ? 300 : 3000;
    const [a, b] = [0, 1].map(() => plane.toPoint(between(-reach, reach), between(-reach, reach)));
    const projector = new SegmentProjector(plane.toPoint(0, 0));
    const atLeast = projector.distanceAtLeast(a!.lat, a!.lon, b!.lat, b!.lon);
    const distance = projector.project(a!.lat, a!.lon, b!.lat, b!.lon).distanceMeters;
    if (atLeast > distance) t.fail(`${atLeast} m claimed at least, ${distance} m projected, segment ${JSON.stringify([a, b])}`);
    if (distance > 100 && atLeast > 0.5 * distance) tight++;
  }
  t.ok(tight > cases, `the bound is more than half the distance for ${tight} far segments`);
});

t.test('a local frame maps metres back to the same point within 1 mm', async (t) => {
  for (let i = 0; i < cases; i++) {
    const plane = new GnomonicPlane(randomOrigin());
    const origin = plane.toPoint(0, 0), point = plane.toPoint(between(-5000, 5000), between(-5000, 5000));
    const frame = new LocalFrame(origin);
    const back = frame.toDegrees(frame.east(point.lat, point.lon), frame.north(point.lat, point.lon));
    if (distanceMeters(back, point) > 1e-3) t.fail(`${JSON.stringify(point)} came back as ${JSON.stringify(back)}`);
  }
  t.pass(`${cases} points`);
});

t.test('a narrow Baltimore row house gets its point inside, not 90 m away as products of degrees gave', async (t) => {
  const ring = [39.2795014, -76.57376, 39.2793254, -76.5737492, 39.2793232, -76.5738037, 39.2794997, -76.5738154, 39.2795004, -76.5737956, 39.2795014, -76.57376];
  t.ok(ringContains(ring, ringCentroid(ring)));
  t.ok(ringContains(ring, surfacePoint(ring)));
});
