/**
 * House numbers as written on maps and in queries: "7", "7a", "275 A", "723-B", "9 1/2", "135 REAR",
 * "230 REAR-A", "6800 E", ranges "118-120", "7/1", "4bis". A number keeps the text the map writes (shown as
 * `street_number`), a normal form (folded, no spaces, no hyphen before a suffix, ½ for a half) for exact
 * lookups, and its leading integer for interpolation and for the looser matches ("7a" asked, only "7" mapped).
 */
import { foldText } from './text-folding.js';

export interface HouseNumber {
  /** As written, trimmed: "9 1/2", "230 REAR-A". */
  written: string;
  /** Normal form: "9½", "230reara", "118-120". */
  text: string;
  /** The leading integer: 7 for "7a" and "7-9". */
  value: number;
}

/** Letters after the number: one or two letters, bis/ter, rear or front (each maybe with a letter). */
const houseNumberText = /^(\d{1,5})(½|¼|¾)?([a-z]{0,2}|bis|ter|rear[a-z]?|front[a-z]?|[-/]\d{1,5}[a-z]?)$/;

const startsWithDigit = /^\s*\d/;
const plainNumber = /^\d{1,5}$/;
const mayHoldFraction = /[/½¼¾]/;
/** "9 1/2" and "9½" are one number; "91/2" stays the Germanic 91, sub-number 2. */
const writtenFraction = /(\d)(?:\s+1\/2|\s*½)(?![\d/])/g;
const writtenQuarter = /(\d)(?:\s+1\/4|\s*¼)(?![\d/])/g;
const writtenThreeQuarters = /(\d)(?:\s+3\/4|\s*¾)(?![\d/])/g;

/** Writes fractions of house numbers as one symbol, so that "9 1/2" survives splitting at the slash. */
export function withFractionSymbols(text: string): string {
  if (!mayHoldFraction.test(text)) return text;
  return text.replace(writtenFraction, '$1½').replace(writtenQuarter, '$1¼').replace(writtenThreeQuarters, '$1¾');
}

/** The normal form of a written number: folded, fractions as symbols, no spaces, no hyphen next to a letter. */
export function houseNumberKey(written: string): string {
  return foldText(withFractionSymbols(written.trim())).replace(/\s+/g, '').replace(/-(?=\D)|(?<=\D)-/g, '');
}

/** A written number, or undefined when it is not one. */
export function parseHouseNumber(written: string): HouseNumber | undefined {
  // Every word of a query is tried: most are names, and a name is rejected before it is normalized.
  if (!startsWithDigit.test(written)) return undefined;
  if (plainNumber.test(written)) return { written, text: written, value: Number(written) };
  const text = houseNumberKey(written);
  const match = houseNumberText.exec(text);
  if (!match) return undefined;
  return { written: written.trim(), text, value: Number(match[1]) };
}

/** The numbers of a mapped `addr:housenumber`; a list like "7;9" or "7, 9" yields each number. */
export function mappedHouseNumbers(tagValue: string): HouseNumber[] {
  const numbers: HouseNumber[] = [];
  for (const part of tagValue.split(/[;,]/)) {
    const number = parseHouseNumber(part);
    if (number) numbers.push(number);
  }
  return numbers;
}

/**
 * How well a mapped number answers an asked one: 1 for the same normal form, less when only the leading
 * integers agree ("7a" for "7", "7" for "7-9"), 0 otherwise.
 */
export function houseNumberAgreement(asked: HouseNumber, mapped: HouseNumber): number {
  if (asked.text === mapped.text) return 1;
  return asked.value === mapped.value ? 0.8 : 0;
}
