import t from 'tap';
import { AsciiMap } from '../helpers/ascii-map.js';

const square = `
a-b
| |
d-c
`;

t.test('a one-way street is never driven against its direction', async (t) => {
  const map = await new AsciiMap(square)
    .way('ab', { highway: 'residential', oneway: 'yes' })
    .way('bc', { highway: 'residential' }).way('cd', { highway: 'residential' }).way('da', { highway: 'residential' })
    .load();
  t.equal(map.route('a', 'b')?.nodes, 'ab');
  t.equal(map.route('b', 'a')?.nodes, 'bcda');
});

t.test('oneway=-1 runs against the drawing direction, oneway=no both ways', async (t) => {
  const map = await new AsciiMap(square)
    .way('ab', { highway: 'residential', oneway: '-1' })
    .way('bc', { highway: 'residential', oneway: 'no' }).way('cd', { highway: 'residential' }).way('da', { highway: 'residential' })
    .load();
  t.equal(map.route('b', 'a')?.nodes, 'ba');
  t.equal(map.route('a', 'b')?.nodes, 'adcb');
  t.equal(map.route('c', 'b')?.nodes, 'cb');
});

t.test('roundabouts are one-way in drawing order without an oneway tag', async (t) => {
  const map = await new AsciiMap(square).way('abcda', { highway: 'primary', junction: 'roundabout' }).load();
  t.equal(map.route('a', 'b')?.nodes, 'ab');
  t.equal(map.route('b', 'a')?.nodes, 'bcda');
});

t.test('motorways are one-way unless tagged oneway=no', async (t) => {
  const oneway = await new AsciiMap(square).way('abcda', { highway: 'motorway' }).load();
  t.equal(oneway.route('b', 'a')?.nodes, 'bcda');
  const twoway = await new AsciiMap(square).way('abcda', { highway: 'motorway', oneway: 'no' }).load();
  t.equal(twoway.route('b', 'a')?.nodes, 'ba');
});

t.test('a point between two nodes of a one-way street is reached only along it', async (t) => {
  const map = await new AsciiMap(`
a-x-b
|   |
d---c
`).way('axb', { highway: 'residential', oneway: 'yes' })
    .way('bc', { highway: 'residential' }).way('cd', { highway: 'residential' }).way('da', { highway: 'residential' })
    .node('x', {}).load();
  t.equal(map.route('b', 'x')?.nodes, 'bcdax');
  t.equal(map.route('x', 'a')?.nodes, 'xbcda');
  t.equal(map.route('a', 'x')?.nodes, 'ax');
});
