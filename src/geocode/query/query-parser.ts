/**
 * Turns the text of a query into what the search needs: the words of street and town names (folded and
 * canonicalized like the index), the house number and the postcode, wherever they stand in the text.
 * Unit, flat and floor numbers are taken out with their marker; the first is kept as the query's unit.
 */
import { abbreviationsFor, canonicalWord, type AbbreviationMap } from '../text/abbreviations.js';
import { parseHouseNumber, withFractionSymbols, type HouseNumber } from '../text/house-number.js';
import { foldedWords } from '../text/text-folding.js';

export interface ParsedQuery {
  /** Canonical words of names, in query order, without the house number, the postcode and the noise. */
  words: string[];
  houseNumber: HouseNumber | undefined;
  /** A postcode the index knows, folded. */
  postcode: string | undefined;
  /** The unit after a marker ("Apt 4B" → "4b"), in the normal form of house numbers. */
  unit: string | undefined;
}

/** Markers of the part of an address inside a building: the marker and the number after it leave the words. */
const unitMarkers = new Set([
  '#', 'apt', 'apartment', 'appt', 'app', 'appartement', 'unit', 'flat', 'suite', 'ste', 'room', 'rm', 'fl', 'floor',
  'wohnung', 'whg', 'top', 'stock', 'etage', 'og', 'bte', 'boite', 'piso', 'pis', 'puerta', 'porta', 'esc', 'escalier',
  'bloc', 'bat', 'batiment', 'bldg', 'building', 'lot', 'dept',
]);
/** Words that only announce the house number ("Nr. 5", "No 5"). */
const numberMarkers = new Set(['nr', 'no', 'num', 'numero', 'n°', 'nº', 'hausnummer']);
/** Letters and words that continue a house number written apart: "7 a", "7 bis", "135 rear". */
const houseNumberSuffix = /^([a-h]|bis|ter|rear|front)$/;
/** A letter after "rear" or "front": "230 REAR-A". */
const sideSuffix = /^(rear|front)$/;
const ordinal = /^\d+(st|nd|rd|th|er|eme)$/;
const zipPlusFour = /^(\d{5})-\d{4}$/;
/** No address has more words; a pasted paragraph must not cost the search more than an address does. */
const maxQueryWords = 32;

/** "4", "4b", "b": what follows a unit marker. A longer word ("Escalier de …") means the marker is a name. */
function isUnitNumber(word: string | undefined): boolean {
  return word !== undefined && (/\d/.test(word) || word.length === 1);
}

/** Takes unit designators out (keeping the first unit), and joins a house number with a suffix written apart. */
function withoutNoise(words: string[], abbreviations: AbbreviationMap): { kept: string[]; unit: string | undefined } {
  const kept: string[] = [];
  let unit: string | undefined;
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (unitMarkers.has(word) && (word === '#' || isUnitNumber(words[i + 1]))) {
      if (isUnitNumber(words[i + 1])) unit ??= words[++i];
      continue;
    }
    if (numberMarkers.has(word)) continue;
    const next = words[i + 1];
    if (/^\d+[½¼¾]?$/.test(word) && next !== undefined && houseNumberSuffix.test(next) && !abbreviations.has(next)) {
      const letter = sideSuffix.test(next) && /^[a-z]$/.test(words[i + 2] ?? '') ? words[i + 2]! : '';
      kept.push(word + next + letter);
      i += letter ? 2 : 1;
      continue;
    }
    kept.push(word);
  }
  return { kept, unit };
}

function asPostcode(word: string, isPostcode: (folded: string) => boolean): string | undefined {
  if (isPostcode(word)) return word;
  const zip = zipPlusFour.exec(word);
  return zip && isPostcode(zip[1]!) ? zip[1] : undefined;
}

/**
 * Every reading of the query: one per word that could be the house number ("Avenue du 3 Septembre 12" has two),
 * the other numbers staying words of the names; and one without a house number when a number is itself a word
 * of some name (`isNameWord`), as in "Pier 4". A query without a number has one reading.
 */
export function parseQuery(
  text: string,
  country: string,
  isPostcode: (folded: string) => boolean,
  isNameWord: (word: string) => boolean = () => false,
): ParsedQuery[] {
  const abbreviations = abbreviationsFor(country);
  const words: string[] = [];
  const numbers: { at: number; number: HouseNumber; alsoNext?: boolean }[] = [];
  let postcode: string | undefined;
  const { kept, unit } = withoutNoise(foldedWords(withFractionSymbols(text)).slice(0, maxQueryWords), abbreviations);
  for (const [i, word] of kept.entries()) {
    const code = postcode === undefined ? asPostcode(word, isPostcode) : undefined;
    if (code !== undefined) {
      postcode = code;
      continue;
    }
    const number = ordinal.test(word) ? undefined : parseHouseNumber(word);
    if (number) numbers.push({ at: words.length, number });
    const letter = kept[i + 1];
    // "6800 E Main", "2903 O'Donnell": a letter may end the number or begin the street; both readings are searched.
    const lettered = number && letter && /^[a-z]$/.test(letter) ? parseHouseNumber(word + letter) : undefined;
    if (lettered) numbers.push({ at: words.length, number: lettered, alsoNext: true });
    words.push(canonicalWord(word, abbreviations));
  }
  const readings: ParsedQuery[] = numbers.map(({ at, number, alsoNext }) => ({
    words: words.filter((_, i) => i !== at && !(alsoNext && i === at + 1)), houseNumber: number, postcode, unit,
  }));
  if (numbers.length === 0 || numbers.some(({ number }) => isNameWord(number.text))) readings.push({ words, houseNumber: undefined, postcode, unit });
  return readings;
}

/** The canonical words of a name of the index, through the same folding and abbreviations as queries. */
export function nameWords(name: string, country: string): string[] {
  const abbreviations = abbreviationsFor(country);
  return foldedWords(name).map((word) => canonicalWord(word, abbreviations));
}
