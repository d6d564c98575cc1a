import t from 'tap';
import { declaredTimeLimitSeconds } from '../../src/pool/declared-time-limit.js';

t.test('the watchdog allows the time limit a body declares, capped at the server maximum', async (t) => {
  t.equal(declaredTimeLimitSeconds({ settings: { time_limit_seconds: 2.5 } }, 600), 2.5);
  t.equal(declaredTimeLimitSeconds({ settings: { time_limit_seconds: 900 } }, 600), 600);
});

t.test('a body that declares no time limit is allowed its operation\'s default budget, capped at the maximum', async (t) => {
  t.equal(declaredTimeLimitSeconds({}, 600, 10), 10);
  t.equal(declaredTimeLimitSeconds({ settings: { time_limit_seconds: 20 } }, 600, 10), 20, 'a declared limit wins over the default');
  t.equal(declaredTimeLimitSeconds({}, 5, 10), 5);
});

t.test('a body that declares no usable time limit is allowed the server maximum', async (t) => {
  for (const body of [null, 'text', [], {}, { settings: null }, { settings: 3 }, { settings: { time_limit_seconds: '5' } }, { settings: { time_limit_seconds: -1 } }, { settings: { time_limit_seconds: 0 } }]) {
    t.equal(declaredTimeLimitSeconds(body, 600), 600, JSON.stringify(body));
  }
});
