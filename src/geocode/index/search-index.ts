/**
 * Lookup structures derived from a served geocode index when it is loaded: the word vocabulary with its fuzzy
 * matcher, street and locality postings, word weights, the parsed house numbers and the words of each context.
 * Their size grows with the streets and places, not with the addresses, which stay in the shared arrays.
 */
import { countryWords, regionAliases } from '../text/country-rules.js';
import type { AddressRecord, PostcodeRecord } from './geocode-index.js';
import type { ServedGeocodeIndex } from './served-geocode-index.js';
import { parseHouseNumber, type HouseNumber } from '../text/house-number.js';
import { nameWords } from '../query/query-parser.js';
import { foldText } from '../text/text-folding.js';
import { WordMatcher } from './word-matcher.js';
import { StreetTally } from './street-tally.js';

const townWeight = 1;
const regionWeight = 0.9;
const subregionWeight = 0.8;

function push<K>(map: Map<K, number[]>, key: K, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** A postcode as queries are matched against it: folded, without spaces. */
function postcodeKey(code: string): string {
  return foldText(code).replace(/\s+/g, '');
}

const postcodeLists = new Map<string, readonly string[]>();

/** A record's postcode as the list `ForwardSearch.judge` takes; a map has few postcodes, each folded once. */
export function postcodeList(code: string): readonly string[] {
  let list = postcodeLists.get(code);
  if (!list) {
    list = code ? [postcodeKey(code)] : [];
    postcodeLists.set(code, list);
  }
  return list;
}

export class SearchIndex {
  readonly matcher = new WordMatcher();
  /** The words of each distinct street name (in each country it occurs in), and which of them each street has. */
  private readonly nameWords: number[][] = [];
  private readonly streetNameWords: Uint32Array;
  readonly localityWords: number[][];
  readonly streetsByWord = new Map<number, Uint32Array>();
  readonly localitiesByWord = new Map<number, number[]>();
  /** Inverse document frequency over street names: "street" weighs little, "charles" much. */
  readonly wordWeight: Float64Array;
  /** Words naming the place of each context, weighted: the town itself counts more than a region or a quarter. */
  readonly contextWords: Map<number, number>[];
  /** Every word of a town, region or subregion name, per country: a query word among them names a place. */
  readonly placeWordsByCountry = new Map<string, Set<number>>();
  /** Each house number the addresses write, by its text index, parsed when first asked for: a start walks no addresses. */
  private readonly houseNumberOfText: (HouseNumber | undefined)[] = [];
  readonly interpolationsByStreet = new Map<number, number[]>();
  readonly postcodes = new Map<string, PostcodeRecord>();
  /** Each postcode text, folded, by its text index (undefined for the other texts): postcodes are few. */
  private readonly postcodeKeyOfText: (string | undefined)[] = [];
  readonly foldedPostcodes = new Set<string>();
  readonly countries: ReadonlySet<string>;
  /** Scratch of every forward search on this index (forward-search.ts, candidateStreets). */
  readonly streetTally: StreetTally;

  constructor(readonly data: ServedGeocodeIndex) {
    const countryOf = (context: number) => data.contexts[context]!.country;
    this.streetNameWords = this.collectStreetNameWords();
    this.collectStreetsByWord();
    this.localityWords = data.localities.map((locality) => this.wordsOf(locality.name, countryOf(locality.context)));
    this.localityWords.forEach((words, locality) => new Set(words).forEach((word) => push(this.localitiesByWord, word, locality)));
    this.contextWords = data.contexts.map((context) => {
      const weights = new Map<number, number>();
      const add = (names: string[], weight: number) => {
        for (const word of names.flatMap((name) => this.wordsOf(name, context.country))) weights.set(word, Math.max(weight, weights.get(word) ?? 0));
      };
      add([context.locality], townWeight);
      add([...context.regions, ...regionAliases(context.country, context.regions)], regionWeight);
      add(countryWords(context.country, data.countryNames[context.country] ?? []), regionWeight);
      add(context.subregions, subregionWeight);
      const placeWords = this.placeWordsByCountry.get(context.country) ?? new Set<number>();
      weights.forEach((_, word) => placeWords.add(word));
      this.placeWordsByCountry.set(context.country, placeWords);
      return weights;
    });
    this.wordWeight = new Float64Array(this.matcher.words.length);
    for (let word = 0; word < this.wordWeight.length; word++) {
      const frequency = this.streetsByWord.get(word)?.length ?? 0;
      this.wordWeight[word] = Math.log(1 + data.streetCount / (1 + frequency));
    }
    data.interpolations.forEach((section, id) => push(this.interpolationsByStreet, section.street, id));
    for (const postcode of data.postcodes) {
      const folded = postcodeKey(postcode.code);
      this.postcodes.set(`${countryOf(postcode.context)}|${folded}`, postcode);
      this.foldedPostcodes.add(folded);
    }
    this.streetTally = new StreetTally(data.streetCount);
    this.countries = new Set(data.contexts.map((context) => context.country).filter((country) => country !== ''));
  }

  /** The parsed house number of address `id`. */
  houseNumber(id: number): HouseNumber {
    const text = this.data.numberText(id);
    return (this.houseNumberOfText[text] ??= parseHouseNumber(this.data.texts[text]!)!);
  }

  /** The addresses of a street written with this number ("7a"), else those of its value (7). */
  addressesNumbered(street: number, asked: HouseNumber): number[] {
    const { first, end } = this.data.addressesOfStreet(street);
    const exact: number[] = [], sameValue: number[] = [];
    for (let id = first; id < end; id++) {
      const number = this.houseNumber(id);
      if (number.text === asked.text) exact.push(id);
      if (number.value === asked.value) sameValue.push(id);
    }
    return exact.length > 0 ? exact : sameValue;
  }

  streetAddresses(street: number): AddressRecord[] {
    const { first, end } = this.data.addressesOfStreet(street);
    return Array.from({ length: end - first }, (_, i) => this.data.address(first + i));
  }

  wordsOfStreet(street: number): number[] {
    return this.nameWords[this.streetNameWords[street]!]!;
  }

  /** Every postcode a street's addresses and interpolations carry (folded), its own first: a long street spans several. */
  streetPostcodes(street: number): string[] {
    const { data } = this;
    const codes: string[] = [];
    const add = (key: string) => {
      if (key && !codes.includes(key)) codes.push(key);
    };
    add(postcodeKey(data.street(street).postcode));
    const { first, end } = data.addressesOfStreet(street);
    for (let id = first; id < end; id++) add(this.postcodeKeyOf(data.postcodeText(id)));
    for (const section of this.interpolationsByStreet.get(street) ?? []) add(postcodeKey(data.interpolations[section]!.postcode));
    return codes;
  }

  private postcodeKeyOf(text: number): string {
    return (this.postcodeKeyOfText[text] ??= postcodeKey(this.data.texts[text]!));
  }

  /** Streets of one name in one country share the words of their name: a country repeats its names. */
  private collectStreetNameWords(): Uint32Array {
    const { data } = this;
    const listOfName = new Map<string, number>();
    const streetNameWords = new Uint32Array(data.streetCount);
    for (let street = 0; street < data.streetCount; street++) {
      const country = data.contexts[data.streetContext(street)]!.country;
      const key = `${data.streetNameText(street)}|${country}`;
      let list = listOfName.get(key);
      if (list === undefined) {
        list = this.nameWords.push(this.wordsOf(data.texts[data.streetNameText(street)]!, country)) - 1;
        listOfName.set(key, list);
      }
      streetNameWords[street] = list;
    }
    return streetNameWords;
  }

  private collectStreetsByWord(): void {
    const byWord = new Map<number, number[]>();
    for (let street = 0; street < this.data.streetCount; street++) new Set(this.wordsOfStreet(street)).forEach((word) => push(byWord, word, street));
    byWord.forEach((streets, word) => this.streetsByWord.set(word, Uint32Array.from(streets)));
  }

  private wordsOf(name: string, country: string): number[] {
    return nameWords(name, country).map((word) => this.matcher.add(word));
  }
}
