/**
 * House numbers as written on maps and in queries: "7", "7a", "7 a", "7/1", ranges "7-9". A number is kept in
 * a normal form (folded, no spaces) for exact lookups, with its leading integer for interpolation and for
 * the looser matches ("7a" asked, only "7" mapped).
 */
export interface HouseNumber {
  /** Folded text without spaces: "7a", "7-9". */
  text: string;
  /** The leading integer: 7 for "7a" and "7-9". */
  value: number;
}

const houseNumberText = /^(\d{1,5})([a-z]{0,2}|[-/]\d{1,5}[a-z]?)$/;

/** A folded, space-free token as a house number, or undefined when it is not one. */
export function parseHouseNumber(token: string): HouseNumber | undefined {
  const match = houseNumberText.exec(token);
  if (!match) return undefined;
  return { text: token, value: Number(match[1]) };
}

/** The normal form of a mapped `addr:housenumber`; a list like "7;9" or "7,9" yields each number. */
export function mappedHouseNumbers(tagValue: string): HouseNumber[] {
  const numbers: HouseNumber[] = [];
  for (const part of tagValue.toLowerCase().split(/[;,]/)) {
    const number = parseHouseNumber(part.replace(/\s+/g, ''));
    if (number) numbers.push(number);
  }
  return numbers;
}

/**
 * How well a mapped number answers an asked one: 1 for the same text, less when only the leading integers
 * agree ("7a" for "7", "7" for "7-9"), 0 otherwise.
 */
export function houseNumberAgreement(asked: HouseNumber, mapped: HouseNumber): number {
  if (asked.text === mapped.text) return 1;
  return asked.value === mapped.value ? 0.8 : 0;
}
