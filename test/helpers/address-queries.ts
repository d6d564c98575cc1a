/**
 * Turns any geocode index into test queries: each mapped address written cleanly, and perturbed the way
 * dispatchers write them (typos, abbreviations, case, accents, word order, missing postcode, unit numbers).
 * Addresses whose street, number and town are not unique are left out: no geocoder can tell them apart.
 * Street queries ("street, town") cover extracts with few addresses. Seeded, so that a run is reproducible.
 */
import { formatAddress } from '../../src/geocode/text/address-format.js';
import type { GeocodeIndex } from '../../src/geocode/index/geocode-index.js';
import type { Point } from '../../src/geometry/point.js';
import { distanceMeters } from '../../src/geometry/sphere.js';
import { foldText } from '../../src/geocode/text/text-folding.js';
import { seededRandom } from '../../src/common/seeded-random.js';

export type Perturbation = 'clean' | 'typo' | 'abbreviation' | 'case' | 'accents' | 'word_order' | 'no_postcode' | 'no_town' | 'unit';

export const perturbations: Perturbation[] = ['clean', 'typo', 'abbreviation', 'case', 'accents', 'word_order', 'no_postcode', 'unit'];

export interface AddressQuery {
  query: string;
  country: string;
  expected: Point;
  perturbation: Perturbation;
}

export interface AddressText {
  country: string;
  street: string;
  number: string;
  postcode: string;
  locality: string;
  expected: Point;
}

export { seededRandom };

const abbreviated: [RegExp, string][] = [
  [/strasse\b/i, 'str.'], [/straße\b/i, 'str.'], [/\bStreet\b/, 'St'], [/\bAvenue\b/, 'Ave'], [/\bRoad\b/, 'Rd'],
  [/\bBoulevard\b/, 'Blvd'], [/\bDrive\b/, 'Dr'], [/\bLane\b/, 'Ln'], [/\bNorth\b/, 'N'], [/\bSouth\b/, 'S'], [/\bEast\b/, 'E'],
  [/\bWest\b/, 'W'], [/\bCarrer\b/, 'C/'], [/\bAvinguda\b/, 'Av.'], [/\bCarretera\b/, 'Ctra.'], [/\bPlaça\b/, 'Pl.'],
];
const frenchAbbreviated: [RegExp, string][] = [[/\bAvenue\b/, 'Av.'], [/\bBoulevard\b/, 'Bd'], [/\bPlace\b/, 'Pl.'], [/\bChemin\b/, 'Ch.']];

function abbreviate(street: string, country: string): string {
  for (const [pattern, short] of country === 'MC' || country === 'FR' ? frenchAbbreviated : abbreviated) {
    if (pattern.test(street)) return street.replace(pattern, short);
  }
  return street;
}

/** One slip of the keyboard in the longest word of the street name, never in its first letter. */
function withTypo(street: string, random: () => number): string {
  const words = street.split(' ');
  const longest = words.reduce((best, word, i) => (word.length > words[best]!.length ? i : best), 0);
  const word = words[longest]!;
  if (word.length < 5) return street;
  const at = 1 + Math.floor(random() * (word.length - 2));
  const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 26)]!;
  const edits = [
    () => word.slice(0, at) + word.slice(at + 1),
    () => word.slice(0, at) + letter + word.slice(at),
    () => word.slice(0, at) + letter + word.slice(at + 1),
    () => word.slice(0, at) + word[at + 1]! + word[at]! + word.slice(at + 2),
  ];
  words[longest] = edits[Math.floor(random() * edits.length)]!();
  return words.join(' ');
}

const stripAccents = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** The address as a dispatcher might type it. */
export function written(address: Omit<AddressText, 'expected'>, perturbation: Perturbation, random: () => number): string {
  const { country, street, number, postcode, locality } = address;
  const parts = { country, streetName: street, streetNumber: number, postcode, locality };
  switch (perturbation) {
    case 'typo':
      return formatAddress({ ...parts, streetName: withTypo(street, random) });
    case 'abbreviation':
      return formatAddress({ ...parts, streetName: abbreviate(street, country) });
    case 'case': {
      const text = formatAddress(parts);
      return random() < 0.5 ? text.toUpperCase() : text.toLowerCase();
    }
    case 'accents':
      return stripAccents(formatAddress(parts));
    case 'word_order':
      return random() < 0.5 ? `${locality} ${postcode} ${street} ${number}` : `${number} ${street} ${locality}, ${postcode}`;
    case 'no_postcode':
      return formatAddress({ ...parts, postcode: undefined });
    case 'no_town':
      return formatAddress({ ...parts, locality: '' });
    case 'unit':
      return formatAddress(parts).replace(', ', `, Apt ${1 + Math.floor(random() * 20)}, `);
    default:
      return formatAddress(parts);
  }
}

/** Addresses that only one place answers (copies of the same building closer than `tolerance` count as one). */
function unambiguousAddresses(index: GeocodeIndex, tolerance: number): AddressText[] {
  const byKey = new Map<string, AddressText[]>();
  for (const address of index.addresses) {
    const context = index.contexts[address.context]!;
    const street = index.streets[address.street]!.name;
    const text: AddressText = {
      country: context.country, street, number: address.number, postcode: address.postcode, locality: context.locality,
      expected: { lat: address.lat, lon: address.lon },
    };
    const key = `${context.country}|${foldText(street)}|${address.number}|${foldText(context.locality)}`;
    byKey.set(key, [...(byKey.get(key) ?? []), text]);
  }
  return [...byKey.values()]
    .filter((copies) => copies.every((copy) => distanceMeters(copy.expected, copies[0]!.expected) <= tolerance))
    .map((copies) => copies[0]!);
}

/** Up to `limit` items chosen uniformly (reservoir sampling). */
function sample<T>(items: T[], limit: number, random: () => number): T[] {
  const chosen: T[] = [];
  items.forEach((item, i) => {
    if (i < limit) chosen.push(item);
    else {
      const slot = Math.floor(random() * (i + 1));
      if (slot < limit) chosen[slot] = item;
    }
  });
  return chosen;
}

/** Up to `limit` addresses, each written once per perturbation. */
export function addressQueries(index: GeocodeIndex, options: { seed: number; limit: number; tolerance: number }): AddressQuery[] {
  const random = seededRandom(options.seed);
  const addresses = unambiguousAddresses(index, options.tolerance);
  const chosen = sample(addresses, options.limit, random);
  return chosen.flatMap((address) =>
    perturbations.map((perturbation) => ({
      query: written(address, perturbation, random),
      country: address.country,
      expected: address.expected,
      perturbation,
    })),
  );
}

export type StreetPerturbation = 'clean' | 'typo' | 'abbreviation' | 'case' | 'accents';

export const streetPerturbations: StreetPerturbation[] = ['clean', 'typo', 'abbreviation', 'case', 'accents'];

export interface StreetQuery {
  query: string;
  country: string;
  street: string;
  /** The street's polylines: a right answer lies on one of them. */
  lines: number[][];
  perturbation: StreetPerturbation;
}

/** Up to `limit` named streets with geometry, written as "street, town" once per perturbation. */
export function streetQueries(index: GeocodeIndex, options: { seed: number; limit: number }): StreetQuery[] {
  const random = seededRandom(options.seed);
  const byName = new Map<string, number>();
  for (const street of index.streets) {
    const key = `${foldText(street.name)}|${street.context}`;
    byName.set(key, (byName.get(key) ?? 0) + 1);
  }
  const streets = index.streets.filter((street) => street.lines.length > 0 && byName.get(`${foldText(street.name)}|${street.context}`) === 1);
  return sample(streets, options.limit, random).flatMap((street) => {
    const { country, locality } = index.contexts[street.context]!;
    const written: Record<StreetPerturbation, string> = {
      clean: `${street.name}, ${locality}`,
      typo: `${withTypo(street.name, random)}, ${locality}`,
      abbreviation: `${abbreviate(street.name, country)}, ${locality}`,
      case: `${street.name}, ${locality}`.toUpperCase(),
      accents: stripAccents(`${street.name}, ${locality}`),
    };
    return streetPerturbations.map((perturbation) => ({ query: written[perturbation], country, street: street.name, lines: street.lines, perturbation }));
  });
}
