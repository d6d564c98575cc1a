/**
 * How many query words meet each candidate street, counted in arrays over all streets that one geocoder reuses
 * query after query (a search never runs inside another): in a country's index a query meets tens of thousands
 * of streets, and a map of them cost more than the rest of the search.
 */
export class StreetTally {
  private readonly counts: Uint16Array;
  /** 1 + the last token counted for each street: a token's fuzzy variants count once. */
  private readonly lastToken: Uint16Array;
  private touched: number[] = [];

  constructor(streetCount: number) {
    this.counts = new Uint16Array(streetCount);
    this.lastToken = new Uint16Array(streetCount);
  }

  /** Starts a query: forgets the counts of the previous one. */
  clear(): void {
    for (const street of this.touched) {
      this.counts[street] = 0;
      this.lastToken[street] = 0;
    }
    this.touched = [];
  }

  /** Counts that query token `token` meets `street`. Tokens must come in order, all lists of one token together. */
  meet(street: number, token: number): void {
    if (this.lastToken[street] === token + 1) return;
    if (this.counts[street] === 0) this.touched.push(street);
    this.lastToken[street] = token + 1;
    this.counts[street]!++;
  }

  get size(): number {
    return this.touched.length;
  }

  /** Every street met, in the order first met. */
  streets(): number[] {
    return this.touched;
  }

  /**
   * The streets meeting the most tokens, then those meeting one fewer, and so on while the total stays within
   * `max`; the streets meeting the most are kept however many they are (every "Main Street" of a country, to be
   * told apart by town and postcode).
   */
  meetingMost(max: number): number[] {
    const byCount: number[][] = [];
    for (const street of this.touched) (byCount[this.counts[street]!] ??= []).push(street);
    let kept: number[] = [];
    for (let count = byCount.length - 1; count > 0; count--) {
      const streets = byCount[count] ?? [];
      if (kept.length > 0 && kept.length + streets.length > max) break;
      kept = kept.concat(streets);
    }
    return kept;
  }
}
