import t from 'tap';
import { formatTimespan, maxTimespanHours, parseTimespan } from '../../src/conventions/timespan.js';
import { formatTimeOfDay, parseTimeOfDay } from '../../src/conventions/time-of-day.js';

const seconds = (value: unknown) => {
  const result = parseTimespan(value);
  return result.ok ? result.value : result.fault.code;
};

t.test('timespans accept HH:MM and HH:MM:SS, hours beyond 23 and a leading minus', async (t) => {
  t.equal(seconds('01:30'), 5400);
  t.equal(seconds('01:30:15'), 5415);
  t.equal(seconds('36:00'), 129600);
  t.equal(seconds('-00:10'), -600);
  t.equal(seconds('0:05'), 300);
});

t.test('malformed timespans are invalid_timespan_error', async (t) => {
  for (const value of ['1:60', '01:30:60', '01', 'abc', '', 90, null, '01:30:15:00']) {
    t.equal(seconds(value), 'invalid_timespan_error', JSON.stringify(value));
  }
});

t.test('a timespan or time of day beyond the longest accepted is value_out_of_range_error, not a date nobody can write', async (t) => {
  t.equal(seconds(`${maxTimespanHours}:00`), maxTimespanHours * 3600);
  t.equal(seconds(`-${maxTimespanHours}:00`), -maxTimespanHours * 3600);
  t.equal(seconds(`${maxTimespanHours}:00:01`), 'value_out_of_range_error');
  t.equal(seconds('99999999999999999999:00'), 'value_out_of_range_error');
  const timeOfDay = parseTimeOfDay('99999999999999999:00');
  t.equal(timeOfDay.ok ? timeOfDay.value : timeOfDay.fault.code, 'value_out_of_range_error');
});

t.test('timespans are written HH:MM:SS, rounded to whole seconds, negative with a leading minus', async (t) => {
  t.equal(formatTimespan(5415.4), '01:30:15');
  t.equal(formatTimespan(5415.6), '01:30:16');
  t.equal(formatTimespan(-90), '-00:01:30');
  t.equal(formatTimespan(-0.2), '00:00:00');
  t.equal(formatTimespan(100 * 3600), '100:00:00');
});

t.test('a time of day past midnight is written with hours of 24 or more', async (t) => {
  t.equal(formatTimeOfDay(25 * 3600 + 600), '25:10:00');
  const parsed = parseTimeOfDay('25:10');
  t.same(parsed, { ok: true, value: 25 * 3600 + 600 });
});

t.test('a negative time of day is invalid_timespan_error', async (t) => {
  const parsed = parseTimeOfDay('-01:00');
  t.equal(parsed.ok ? 'ok' : parsed.fault.code, 'invalid_timespan_error');
});
