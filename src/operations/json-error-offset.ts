/**
 * Where a JSON text stops being valid. V8's messages only sometimes give a position, so on the (rare) error path
 * the text is scanned once more by this grammar walker. Iterative, so deeply nested input cannot overflow.
 */
const whitespace = new Set([' ', '\t', '\n', '\r']);
const literals = ['true', 'false', 'null'];
const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const stringPattern = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;

type Expect = 'value' | 'key' | 'colon' | 'commaOrClose';

/** Offset of the first character that makes `text` invalid JSON, or -1 when it is valid. */
export function jsonErrorOffset(text: string): number {
  const containers: Array<'{' | '['> = [];
  let expect: Expect = 'value';
  let i = 0;
  const skip = (): void => {
    while (i < text.length && whitespace.has(text[i]!)) i++;
  };
  const match = (pattern: RegExp): boolean => {
    pattern.lastIndex = i;
    if (!pattern.test(text)) return false;
    i = pattern.lastIndex;
    return true;
  };
  const closeOrValue = (): void => {
    expect = containers.length > 0 ? 'commaOrClose' : 'value';
  };
  for (;;) {
    skip();
    if (i >= text.length) return containers.length === 0 && expect !== 'value' ? -1 : text.length;
    const c = text[i]!;
    if (containers.length === 0 && expect === 'commaOrClose') return i;
    switch (expect) {
      case 'value':
        if (c === '{' || c === '[') {
          containers.push(c);
          i++;
          skip();
          if (text[i] === (c === '{' ? '}' : ']')) {
            containers.pop();
            i++;
            if (containers.length === 0) expect = 'commaOrClose';
            else closeOrValue();
          } else expect = c === '{' ? 'key' : 'value';
          break;
        }
        if (!(match(stringPattern) || match(numberPattern) || literals.some((word) => text.startsWith(word, i) && (i += word.length)))) return i;
        expect = 'commaOrClose';
        break;
      case 'key':
        if (!match(stringPattern)) return i;
        expect = 'colon';
        break;
      case 'colon':
        if (c !== ':') return i;
        i++;
        expect = 'value';
        break;
      case 'commaOrClose': {
        const open = containers[containers.length - 1]!;
        if (c === ',') {
          i++;
          expect = open === '{' ? 'key' : 'value';
        } else if (c === (open === '{' ? '}' : ']')) {
          containers.pop();
          i++;
          expect = 'commaOrClose';
        } else return i;
        break;
      }
    }
  }
}
