import t from 'tap';
import { conditionTime } from '../../src/map/profiles/restriction-condition.js';
import { conditionalParts } from '../../src/map/profiles/conditional-tags.js';

/** The hours of the week a condition holds in, as a list (hour 0 = Monday 00:00). */
function hoursOf(condition: string, truck = false): number[] | string | undefined {
  const time = conditionTime(condition, truck);
  return time instanceof Uint8Array ? [...time.keys()].filter((h) => time[h] === 1) : time;
}

t.test('days and times become the hours of the week they touch', async (t) => {
  t.same(hoursOf('Mo-Fr 07:00-09:00'), [7, 8, 31, 32, 55, 56, 79, 80, 103, 104]);
  t.same(hoursOf('Su 07:30-08:15'), [151, 152], 'an hour counts when any minute of it is inside');
  t.equal((hoursOf('Sa,Su') as number[]).length, 48);
  t.same(hoursOf('Su 23:00-01:00'), [0, 167], 'past midnight on Sunday runs into Monday');
  t.same(hoursOf('Mo 08:00-09:00; Tu 10:00-11:00'), [8, 34], 'rules joined by ;');
});

t.test('conditions on the vehicle bind trucks always and cars never, and AND intersects', async (t) => {
  t.equal(hoursOf('weight > 7.5', true), 'always');
  t.equal(hoursOf('weight>7.5', false), 'never');
  t.same(hoursOf('hgv AND Mo 08:00-09:00', true), [8]);
  t.equal(hoursOf('hgv AND Mo 08:00-09:00', false), 'never');
});

t.test('what cannot be read is undefined, never a guess', async (t) => {
  for (const condition of ['wet', 'PH', 'Mo-Fr 25:00-26:00', 'Xy 08:00-09:00', 'Mo-Fr sunrise-sunset', '']) {
    t.equal(hoursOf(condition), undefined, JSON.stringify(condition));
  }
});

t.test('a :conditional tag splits into its parts outside parentheses', async (t) => {
  t.same(conditionalParts('no_left_turn @ (Mo-Fr 07:00-09:00; Sa 08:00-10:00); only_straight_on @ wet'), [
    { value: 'no_left_turn', condition: 'Mo-Fr 07:00-09:00; Sa 08:00-10:00' },
    { value: 'only_straight_on', condition: 'wet' },
  ]);
  t.same(conditionalParts(undefined), []);
});
