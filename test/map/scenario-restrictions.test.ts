import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import t from 'tap';
import { importMap } from '../../src/map/import-map.js';
import { AsciiMap } from '../helpers/ascii-map.js';
import { temporaryDirectory } from '../helpers/temporary-directory.js';

// e→d turns left at b; the cheapest legal alternative turns around at the dead end c.
const cross = `
    a


d---b-c
    |
    e
`;

function crossing(): AsciiMap {
  return new AsciiMap(cross)
    .way('ab', { highway: 'residential' }).way('bc', { highway: 'residential' })
    .way('db', { highway: 'residential' }).way('eb', { highway: 'residential' });
}

t.test('without restrictions the direct turn is taken', async (t) => {
  const map = await crossing().load();
  t.equal(map.route('e', 'd')?.nodes, 'ebd');
});

t.test('a no_left_turn at a via node forbids exactly that turn', async (t) => {
  const map = await crossing().restriction('no_left_turn', 'eb', 'b', 'db').load();
  t.equal(map.route('e', 'd')?.nodes, 'ebcbd');
  t.equal(map.route('e', 'a')?.nodes, 'eba', 'other turns stay open');
  t.equal(map.route('a', 'd')?.nodes, 'abd', 'other approaches stay open');
});

t.test('an only_straight_on allows nothing but the named way', async (t) => {
  const map = await crossing().restriction('only_straight_on', 'eb', 'b', 'ab').load();
  t.equal(map.route('e', 'd')?.nodes, 'ebabd');
  t.equal(map.route('e', 'c')?.nodes, 'ebabc');
  t.equal(map.route('e', 'a')?.nodes, 'eba');
});

t.test('restrictions for other vehicles or with except=motorcar do not bind cars', async (t) => {
  const excepted = await crossing().restriction('no_left_turn', 'eb', 'b', 'db', { except: 'psv;motorcar' }).load();
  t.equal(excepted.route('e', 'd')?.nodes, 'ebd');
  const forTrucks = await crossing().restriction({ 'restriction:hgv': 'no_left_turn' }, 'eb', 'b', 'db').load();
  t.equal(forTrucks.route('e', 'd')?.nodes, 'ebd');
  const truck = await crossing().restriction({ 'restriction:hgv': 'no_left_turn' }, 'eb', 'b', 'db').load('truck');
  t.equal(truck.route('e', 'd')?.nodes, 'ebcbd', 'the truck profile obeys restriction:hgv');
});

// a→d would be a→b→e→d; with the via-way restriction it must turn around at f (the nearest dead end).
const ladder = `
a-b--c
  |
d-ef
`;

function ladderMap(): AsciiMap {
  return new AsciiMap(ladder)
    .way('ab', { highway: 'residential' }).way('bc', { highway: 'residential' }).way('be', { highway: 'residential' })
    .way('de', { highway: 'residential' }).way('ef', { highway: 'residential' });
}

t.test('a no_* restriction with a via way forbids the whole sequence, and only it', async (t) => {
  const plain = await ladderMap().load();
  t.equal(plain.route('a', 'd')?.nodes, 'abed');
  const map = await ladderMap().restriction('no_u_turn', 'ab', 'be', 'de').load();
  t.equal(map.route('a', 'd')?.nodes, 'abefed');
  t.equal(map.route('c', 'd')?.nodes, 'cbed', 'entering the via way from elsewhere is free');
  t.equal(map.route('a', 'f')?.nodes, 'abef', 'other exits of the via way stay open');
});

t.test('an only_* restriction with a via way forces its exit', async (t) => {
  const map = await ladderMap().restriction('only_left_turn', 'ab', 'be', 'ef').load();
  t.equal(map.route('a', 'd')?.nodes, 'abefed');
  t.equal(map.route('c', 'd')?.nodes, 'cbed');
});

t.test('restrictions that match no road or lack a member are ignored and counted, never a crash', async (t) => {
  const map = crossing()
    .restriction('no_left_turn', 'eb', 'b', 'db')
    .restriction('no_right_turn', 'eb', 'bc', 'db')
    .restriction('no_straight_on', 'db', 'b', 'bc');
  // The last relation loses its `to` member: a broken relation as extracts clip them.
  const xml = map.toXml().replace(/(<relation id="3">.*)<member type="way" ref="\d+" role="to"\/>/, '$1');
  const dir = temporaryDirectory('broken-restrictions-');
  writeFileSync(join(dir, 'map.osm'), xml);
  const { summary } = await importMap(join(dir, 'map.osm'), { dataDir: dir });
  t.equal(summary.restrictionsApplied, 1);
  t.equal(summary.restrictionsIgnored, 2, 'a via way that does not reach the to way, and a relation without a to way');
  const warm = await importMap(join(dir, 'map.osm'), { dataDir: dir });
  t.same([warm.summary.restrictionsApplied, warm.summary.restrictionsIgnored], [1, 2], 'a warm start reports the same counts');
});
