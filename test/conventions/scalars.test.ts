import t from 'tap';
import { FaultList } from '../../src/conventions/faults.js';
import { numberInRange, parseBoolean, parseInteger, parseNumber, parseString } from '../../src/conventions/scalars.js';

const code = (result: { ok: boolean; fault?: { code: string } }) => (result.ok ? 'ok' : result.fault!.code);

t.test('quoted booleans and numbers are accepted as their unquoted values', async (t) => {
  t.same(parseBoolean('true'), { ok: true, value: true });
  t.same(parseBoolean('false'), { ok: true, value: false });
  t.same(parseNumber('1.5'), { ok: true, value: 1.5 });
  t.same(parseNumber(' -2e3 '), { ok: true, value: -2000 });
  t.same(parseInteger('7'), { ok: true, value: 7 });
});

t.test('other type mismatches are invalid_type_error', async (t) => {
  t.equal(code(parseBoolean('yes')), 'invalid_type_error');
  t.equal(code(parseBoolean(1)), 'invalid_type_error');
  t.equal(code(parseNumber('1.5 km')), 'invalid_type_error');
  t.equal(code(parseNumber(true)), 'invalid_type_error');
  t.equal(code(parseNumber('')), 'invalid_type_error');
  t.equal(code(parseInteger(1.5)), 'invalid_type_error');
  t.equal(code(parseString({})), 'invalid_type_error');
});

t.test('a number outside its range is value_out_of_range_error', async (t) => {
  const priority = numberInRange(1, 10, true);
  t.equal(code(priority(11)), 'value_out_of_range_error');
  t.equal(code(priority('3')), 'ok');
});

t.test('a fault list records every fault with its path and attempted value', async (t) => {
  const faults = new FaultList();
  t.equal(faults.read('request.a', 'x', parseNumber), undefined);
  t.equal(faults.read('request.b', '2', parseNumber), 2);
  t.equal(faults.readOptional('request.c', null, parseNumber), undefined);
  t.equal(faults.read('request.d', [], parseBoolean), undefined);
  t.same(
    faults.errors.map((error) => [error.property, error.code, error.attempted_value]),
    [
      ['request.a', 'invalid_type_error', 'x'],
      ['request.d', 'invalid_type_error', []],
    ],
  );
});
