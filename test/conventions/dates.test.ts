import t from 'tap';
import { dayOfWeekIndex, formatDate, parseDate, parseDayOfWeek } from '../../src/conventions/date.js';
import { formatDateTime, parseDateTime } from '../../src/conventions/datetime.js';
import { instantOfLocalTime, offsetMinutesAt, parseTimeZone } from '../../src/conventions/timezone.js';

t.test('a date round-trips through its day number', async (t) => {
  const day = parseDate('2026-11-22');
  t.ok(day.ok);
  if (day.ok) {
    t.equal(formatDate(day.value), '2026-11-22');
    t.equal(dayOfWeekIndex(day.value), 0, '2026-11-22 is a Sunday');
  }
});

t.test('impossible or malformed dates are invalid_date_error', async (t) => {
  for (const value of ['2026-02-30', '2026-13-01', '26-01-01', '2026/01/01', 20260101, null]) {
    const result = parseDate(value);
    t.equal(result.ok ? 'ok' : result.fault.code, 'invalid_date_error', JSON.stringify(value));
  }
});

t.test('days of the week are accepted in full or short form, any case', async (t) => {
  t.same(parseDayOfWeek('Monday'), { ok: true, value: 1 });
  t.same(parseDayOfWeek('sat'), { ok: true, value: 6 });
  const bad = parseDayOfWeek('someday');
  t.equal(bad.ok ? 'ok' : bad.fault.code, 'invalid_enum_value_error');
});

t.test('a datetime keeps its offset and names the same instant as its UTC form', async (t) => {
  const zulu = parseDateTime('2026-11-22T08:00:00Z');
  const offset = parseDateTime('2026-11-22T09:00:00+01:00');
  t.ok(zulu.ok && offset.ok);
  if (zulu.ok && offset.ok) {
    t.equal(zulu.value.epochSeconds, offset.value.epochSeconds);
    t.equal(offset.value.offsetMinutes, 60);
    t.equal(formatDateTime(offset.value.epochSeconds, 60), '2026-11-22T09:00:00+01:00');
    t.equal(formatDateTime(zulu.value.epochSeconds, -330), '2026-11-22T02:30:00-05:30');
    t.equal(formatDateTime(zulu.value.epochSeconds, 0), '2026-11-22T08:00:00Z');
  }
});

t.test('a datetime without Z or an offset is invalid_date_error', async (t) => {
  const result = parseDateTime('2026-11-22T08:00:00');
  t.equal(result.ok ? 'ok' : result.fault.code, 'invalid_date_error');
});

t.test('an IANA zone gives the offset in force at each instant, across daylight saving', async (t) => {
  const zone = parseTimeZone('Europe/Monaco');
  t.ok(zone.ok);
  if (!zone.ok) return;
  const winter = Date.UTC(2026, 0, 15, 12) / 1000;
  const summer = Date.UTC(2026, 6, 15, 12) / 1000;
  t.equal(offsetMinutesAt(zone.value, winter), 60);
  t.equal(offsetMinutesAt(zone.value, summer), 120);
  t.equal(instantOfLocalTime(zone.value, Date.UTC(2026, 6, 15, 8) / 1000), Date.UTC(2026, 6, 15, 6) / 1000);
});

t.test('fixed offsets and unknown zone names', async (t) => {
  t.same(parseTimeZone('+05:30'), { ok: true, value: { kind: 'offset', offsetMinutes: 330 } });
  const bad = parseTimeZone('Mars/Olympus');
  t.equal(bad.ok ? 'ok' : bad.fault.code, 'invalid_enum_value_error');
});
