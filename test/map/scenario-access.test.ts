import t from 'tap';
import { AsciiMap } from '../helpers/ascii-map.js';

const square = `
a-x-b
|   |
c---d
`;

function squareWith(tags: Record<string, string>): AsciiMap {
  return new AsciiMap(square)
    .way('axb', { highway: 'residential', ...tags })
    .way('ac', { highway: 'residential' }).way('cd', { highway: 'residential' }).way('db', { highway: 'residential' });
}

t.test('no access closes a street to cars, and so does private on a service road', async (t) => {
  const closing: Record<string, string>[] = [{ access: 'no' }, { motor_vehicle: 'no' }, { highway: 'service', access: 'private' }, { highway: 'service', motorcar: 'private' }];
  for (const tags of closing) {
    const map = await squareWith(tags).load();
    t.equal(map.route('a', 'b')?.nodes, 'acdb', JSON.stringify(tags));
  }
});

t.test('the most specific access tag wins', async (t) => {
  const map = await squareWith({ access: 'no', motorcar: 'yes' }).load();
  t.equal(map.route('a', 'b')?.nodes, 'axb');
});

t.test('bollards and other blocking barriers cut a street; gates and lowered kerbs do not', async (t) => {
  const blocking: Record<string, string>[] = [{ barrier: 'bollard' }, { barrier: 'block' }, { barrier: 'gate', access: 'private' }, { barrier: 'chain' }];
  for (const tags of blocking) {
    const map = await squareWith({}).node('x', tags).load();
    t.equal(map.route('a', 'b')?.nodes, 'acdb', JSON.stringify(tags));
  }
  const passable: Record<string, string>[] = [{ barrier: 'gate' }, { barrier: 'lift_gate' }, { barrier: 'bollard', bollard: 'rising' }, { barrier: 'kerb', kerb: 'lowered' }, { barrier: 'bollard', motor_vehicle: 'yes' }];
  for (const tags of passable) {
    const map = await squareWith({}).node('x', tags).load();
    t.equal(map.route('a', 'b')?.nodes, 'axb', JSON.stringify(tags));
  }
});

t.test('non-roads, areas and reversible ways carry no cars', async (t) => {
  for (const tags of <Record<string, string>[]>[{ highway: 'footway' }, { highway: 'cycleway' }, { area: 'yes' }, { oneway: 'reversible' }, { highway: 'construction' }]) {
    const map = await squareWith(tags).load();
    t.equal(map.route('a', 'b')?.nodes, 'acdb', JSON.stringify(tags));
  }
});
