// Routes on the edge-based graph (turnRoute): U-turn rules, turn costs and restrictions as turns.
import t, { type Test } from 'tap';
import { AsciiMap, type AsciiRoute } from '../helpers/ascii-map.js';

const residential = { highway: 'residential' };

/** The drawn grid is metres on a plane; the import measures on the sphere, a few metres apart per km. */
function lengthIs(t: Test, route: AsciiRoute, meters: number): void {
  t.ok(Math.abs(route.meters - meters) < meters * 0.005, `${route.meters.toFixed(1)} m, drawn ${meters} m`);
}

// s→d turns left at b, which is forbidden. Turning back at c (a junction, or mid-way without cy) would be
// shortest; the legal way round turns back at the dead end a.
const junction = `
    a


  d bc  x

    sy
`;

function junctionMap(withSideStreet: boolean): AsciiMap {
  const map = new AsciiMap(junction)
    .way('ab', residential).way('bs', residential).way('db', residential).way('bc', residential).way('cx', residential)
    .restriction('no_left_turn', 'bs', 'b', 'db');
  return withSideStreet ? map.way('cy', residential) : map;
}

t.test('no U-turn at an ordinary junction: the route turns back at the nearest dead end', async (t) => {
  const map = await junctionMap(true).load();
  t.equal(map.route('s', 'd')?.nodes, 'sbcbd', 'the node-based graph turns back at the junction c');
  const route = map.turnRoute('s', 'd');
  t.equal(route?.nodes, 'sbabd');
  t.equal(route?.ways, 'bs,ab,db');
  lengthIs(t, route!, 1000);
});

t.test('no U-turn in the middle of a way either', async (t) => {
  const map = await junctionMap(false).load();
  const route = map.turnRoute('s', 'd');
  t.equal(route?.ways, 'bs,ab,db');
  lengthIs(t, route!, 1000);
});

t.test('turning back at a dead end costs the U-turn penalty', async (t) => {
  const map = await junctionMap(true).load();
  const route = map.turnRoute('s', 'd')!;
  const driving = (route.meters / 1000 / 25) * 3600;
  const extra = route.seconds - driving;
  t.ok(extra > 20 && extra < 35, `${extra.toFixed(1)} s beyond ${driving.toFixed(1)} s of driving at 25 km/h`);
});

// Two routes of equal length from s to t: by a (two turns to the right) or by c (two to the left); with the
// primary road x–m–y, the western one crosses it at m.
const block = `
      s

  a   b   c

x m       y

  f   g   h

      t
`;

function blockMap(withPrimary: boolean): AsciiMap {
  const map = new AsciiMap(block)
    .way('sb', residential).way('ab', residential).way('bc', residential)
    .way('amf', residential).way('ch', residential)
    .way('fg', residential).way('gh', residential).way('gt', residential);
  return withPrimary ? map.way('xm', { highway: 'primary' }).way('my', { highway: 'primary' }) : map;
}

t.test('turns across oncoming traffic cost more, so the driving side picks the route', async (t) => {
  const map = await blockMap(false).load();
  const right = map.turnRoute('s', 't', 'right');
  t.equal(right?.ways, 'sb,ab,amf,fg,gt', 'traffic keeps right: two right turns');
  lengthIs(t, right!, 1600);
  const left = map.turnRoute('s', 't', 'left');
  t.equal(left?.ways, 'sb,bc,ch,gh,gt', 'traffic keeps left: two left turns');
  lengthIs(t, left!, 1600);
  t.equal(Math.round(right!.seconds * 1000), Math.round(left!.seconds * 1000), 'mirrored costs');
});

t.test('a stop sign before crossing a bigger road outweighs two turns across traffic', async (t) => {
  const plain = await blockMap(true).load();
  t.equal(plain.turnRoute('s', 't')?.ways, 'sb,ab,amf,fg,gt', 'crossing alone costs less than two left turns');
  const map = await blockMap(true).node('m', { highway: 'stop' }).load();
  const route = map.turnRoute('s', 't');
  t.equal(route?.ways, 'sb,bc,ch,gh,gt');
  lengthIs(t, route!, 1600);
});

// e→d turns left at b; c (200 m) and a (300 m) are dead ends; e is 200 m south of b.
const cross = `
    a


d---b-c
    |
    e
`;

function crossing(): AsciiMap {
  return new AsciiMap(cross)
    .way('ab', residential).way('bc', residential).way('db', residential).way('eb', residential)
    .restriction('no_left_turn', 'eb', 'b', 'db');
}

t.test('a no_* restriction at a via node is a forbidden turn', async (t) => {
  const map = await crossing().load();
  const route = map.turnRoute('e', 'd');
  t.equal(route?.nodes, 'ebcbd');
  t.equal(route?.ways, 'eb,bc,db');
  lengthIs(t, route!, 1000);
  t.equal(map.turnRoute('e', 'a')?.ways, 'eb,ab', 'other turns stay open');
  t.equal(map.turnRoute('a', 'd')?.ways, 'ab,db', 'other approaches stay open');
});

t.test('an only_* restriction at a via node leaves one turn', async (t) => {
  const map = await new AsciiMap(cross)
    .way('ab', residential).way('bc', residential).way('db', residential).way('eb', residential)
    .restriction('only_straight_on', 'eb', 'b', 'ab').load();
  const route = map.turnRoute('e', 'd');
  t.equal(route?.ways, 'eb,ab,db');
  lengthIs(t, route!, 1200);
});

t.test('a truck does not turn back in a turning circle tagged too small for it', async (t) => {
  const small = { highway: 'turning_circle', diameter: '15' };
  const car = await crossing().node('c', small).load();
  t.equal(car.turnRoute('e', 'd')?.ways, 'eb,bc,db');
  const truck = await crossing().node('c', small).load('truck');
  const route = truck.turnRoute('e', 'd');
  t.equal(route?.ways, 'eb,ab,db', 'the truck turns back at the untagged dead end a');
  lengthIs(t, route!, 1200);
  t.equal(truck.turnRoute('e', 'c')?.ways, 'eb,bc', 'a stop inside is still reached');
});

// a→d: via-way restriction from ab over be into de.
const ladder = `
a-b--c
  |
d-ef
`;

t.test('a via-way restriction forbids the sequence and the route turns back at the dead end f', async (t) => {
  const map = await new AsciiMap(ladder)
    .way('ab', residential).way('bc', residential).way('be', residential).way('de', residential).way('ef', residential)
    .restriction('no_u_turn', 'ab', 'be', 'de').load();
  const route = map.turnRoute('a', 'd');
  t.equal(route?.nodes, 'abefed');
  t.equal(route?.ways, 'ab,be,ef,de');
  lengthIs(t, route!, 800);
  t.equal(map.turnRoute('c', 'd')?.ways, 'bc,be,de', 'entering the via way from elsewhere is free');
});

// A one-way street east from a to d; the start m lies on it, the target b behind it.
const loop = `
a-b-m-c-d
  |     |
  e-----f
`;

t.test('a start on a one-way street leaves it in the legal direction and goes round the block', async (t) => {
  const map = await new AsciiMap(loop)
    .way('abmcd', { ...residential, oneway: 'yes' }).way('be', residential).way('ef', residential).way('fd', residential)
    .load();
  const route = map.turnRoute('m', 'b');
  t.equal(route?.ways, 'abmcd,fd,ef,be');
  lengthIs(t, route!, 1400);
});
