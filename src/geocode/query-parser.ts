/**
 * Turns the text of a query into what the search needs: the words of street and town names (folded and
 * canonicalized like the index), the house number and the postcode, wherever they stand in the text.
 * Unit, flat and floor numbers are noise for a geocoder and are dropped with their marker.
 */
import { abbreviationsFor, canonicalWord, type AbbreviationMap } from './abbreviations.js';
import { parseHouseNumber, type HouseNumber } from './house-number.js';
import { foldedWords } from './text-folding.js';

export interface ParsedQuery {
  /** Canonical words of names, in query order, without the house number, the postcode and the noise. */
  words: string[];
  houseNumber: HouseNumber | undefined;
  /** A postcode the index knows, folded. */
  postcode: string | undefined;
}

/** Markers of the part of an address inside a building: the marker and the number after it are dropped. */
const unitMarkers = new Set([
  '#', 'apt', 'apartment', 'appt', 'app', 'appartement', 'unit', 'flat', 'suite', 'ste', 'room', 'rm', 'fl', 'floor',
  'wohnung', 'whg', 'top', 'stock', 'etage', 'og', 'bte', 'boite', 'piso', 'pis', 'puerta', 'porta', 'esc', 'escalier',
  'bloc', 'bat', 'batiment', 'bldg', 'building', 'lot', 'dept',
]);
/** Words that only announce the house number ("Nr. 5", "No 5"). */
const numberMarkers = new Set(['nr', 'no', 'num', 'numero', 'n°', 'nº', 'hausnummer']);
/** Letters and words that continue a house number written apart: "7 a", "7 bis". */
const houseNumberSuffix = /^([a-h]|bis|ter)$/;
const ordinal = /^\d+(st|nd|rd|th|er|eme)$/;
const zipPlusFour = /^(\d{5})-\d{4}$/;
/** No address has more words; a pasted paragraph must not cost the search more than an address does. */
const maxQueryWords = 32;

/** "4", "4b", "b": what follows a unit marker. A longer word ("Escalier de …") means the marker is a name. */
function isUnitNumber(word: string | undefined): boolean {
  return word !== undefined && (/\d/.test(word) || word.length === 1);
}

/** Drops unit designators and joins a house number with a suffix written apart. */
function withoutNoise(words: string[], abbreviations: AbbreviationMap): string[] {
  const kept: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (unitMarkers.has(word) && (word === '#' || isUnitNumber(words[i + 1]))) {
      if (isUnitNumber(words[i + 1])) i++;
      continue;
    }
    if (numberMarkers.has(word)) continue;
    const next = words[i + 1];
    if (/^\d+$/.test(word) && next !== undefined && houseNumberSuffix.test(next) && !abbreviations.has(next)) {
      kept.push(word + next);
      i++;
      continue;
    }
    kept.push(word);
  }
  return kept;
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
  const numbers: { at: number; number: HouseNumber }[] = [];
  let postcode: string | undefined;
  for (const word of withoutNoise(foldedWords(text).slice(0, maxQueryWords), abbreviations)) {
    const code = postcode === undefined ? asPostcode(word, isPostcode) : undefined;
    if (code !== undefined) {
      postcode = code;
      continue;
    }
    const number = ordinal.test(word) ? undefined : parseHouseNumber(word);
    if (number) numbers.push({ at: words.length, number });
    words.push(canonicalWord(word, abbreviations));
  }
  const readings: ParsedQuery[] = numbers.map(({ at, number }) => ({ words: words.filter((_, i) => i !== at), houseNumber: number, postcode }));
  if (numbers.length === 0 || numbers.some(({ number }) => isNameWord(number.text))) readings.push({ words, houseNumber: undefined, postcode });
  return readings;
}

/** The canonical words of a name of the index, through the same folding and abbreviations as queries. */
export function nameWords(name: string, country: string): string[] {
  const abbreviations = abbreviationsFor(country);
  return foldedWords(name).map((word) => canonicalWord(word, abbreviations));
}
