/**
 * Folds address text into comparable tokens: case, diacritics (through NFD), letters that NFD leaves alone
 * (ß, æ, ø, œ, ł, đ, þ), and punctuation. The index and the queries go through the same folding, so a query
 * typed without accents or in capitals meets the names of the map.
 */
const combiningMarks = /[\u0300-\u036f]/g;

const unsplitLetters: Record<string, string> = {
  ß: 'ss', ẞ: 'ss', æ: 'ae', Æ: 'ae', ø: 'o', Ø: 'o', œ: 'oe', Œ: 'oe', ł: 'l', Ł: 'l', đ: 'd', Đ: 'd', þ: 'th', Þ: 'th', ı: 'i',
};
const unsplitPattern = new RegExp(`[${Object.keys(unsplitLetters).join('')}]`, 'g');

/** Lower case, no diacritics, ß→ss; punctuation and symbols are kept (the tokenizer decides about them). */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(combiningMarks, '')
    .replace(unsplitPattern, (letter) => unsplitLetters[letter] ?? letter)
    .toLowerCase();
}

// A hyphen between digits is a house-number range ("7-9") and stays; any other punctuation separates words.
const separators = /[^\p{L}\p{N}#-]+|(?<!\d)-|-(?!\d)/u;

/** Folded words of a text, in order. `#` survives as its own marker for unit numbers ("#12"). */
export function foldedWords(text: string): string[] {
  const words: string[] = [];
  for (const part of foldText(text).replace(/#/g, ' # ').split(separators)) {
    if (part !== '') words.push(part);
  }
  return words;
}
