// The rules a profile gives the ways of a map both profiles serve: its own, another profile's closed, or none.
import t from 'tap';
import { ArcFlag } from '../../src/map/arc-flags.js';
import { mapWayRule } from '../../src/map/profiles/map-way-rule.js';
import { PROFILES } from '../../src/map/profiles/index.js';

const both = Object.values(PROFILES);
const closedBits = (flags: number) => flags & (ArcFlag.Closed | ArcFlag.ClosedToSome);

t.test('a way both profiles may use keeps each profile\'s own rule, unmarked', async (t) => {
  const tags = { highway: 'primary', maxspeed: '100' };
  for (const profile of both) t.same(mapWayRule(profile, both, tags), profile.way(tags), profile.name);
});

t.test('a way cars may use but trucks may not is closed to trucks, with the car\'s direction and class', async (t) => {
  const tags = { highway: 'residential', access: 'no', motorcar: 'yes', oneway: 'yes' };
  const car = mapWayRule(PROFILES.auto, both, tags)!, truck = mapWayRule(PROFILES.truck, both, tags)!;
  t.equal(closedBits(car.flags), ArcFlag.ClosedToSome);
  t.equal(closedBits(truck.flags), ArcFlag.Closed | ArcFlag.ClosedToSome);
  t.same([truck.forward, truck.backward, truck.roadClass], [car.forward, car.backward, car.roadClass]);
});

t.test('a way only trucks may use is closed to cars', async (t) => {
  const tags = { highway: 'service', motor_vehicle: 'no', hgv: 'yes' };
  t.equal(closedBits(mapWayRule(PROFILES.auto, both, tags)!.flags), ArcFlag.Closed | ArcFlag.ClosedToSome);
  t.equal(closedBits(mapWayRule(PROFILES.truck, both, tags)!.flags), ArcFlag.ClosedToSome);
});

t.test('a way no profile may use is left out', async (t) => {
  for (const profile of both) t.equal(mapWayRule(profile, both, { highway: 'footway' }), null);
});
