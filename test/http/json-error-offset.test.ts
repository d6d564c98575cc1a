import t from 'tap';
import { jsonErrorOffset } from '../../src/operations/json-error-offset.js';

t.test('valid JSON of every kind has no error offset', async (t) => {
  for (const text of ['{}', '[]', ' {"a": [1, -2.5e3, "x\\n", true, false, null, {"b": {}}]} ', '"s"', '0', '[[[]]]']) {
    t.equal(jsonErrorOffset(text), -1, text);
    JSON.parse(text);
  }
});

t.test('the offset points at the first character that breaks the grammar', async (t) => {
  const cases: Array<[string, number]> = [
    ['{"a": nope}', 6],
    ['{"a": 1,}', 8],
    ['{"a" 1}', 5],
    ['[1 2]', 3],
    ['{"a": 1} x', 9],
    ['{"a": "unterminated', 6],
    ['{a: 1}', 1],
    ['[01]', 2],
    ['', 0],
    ['{"a": [1, 2}', 11],
  ];
  for (const [text, offset] of cases) {
    t.equal(jsonErrorOffset(text), offset, text);
    t.throws(() => JSON.parse(text), text);
  }
});

t.test('deep nesting is scanned without recursion', async (t) => {
  const deep = '['.repeat(100_000) + ']'.repeat(99_999);
  t.equal(jsonErrorOffset(deep), deep.length);
});
