/**
 * Forward search. Every candidate (an address, an interpolated number, a street, a postcode, a town) is scored
 * by how much of the query it explains, how completely its own name was matched, and whether the town and
 * postcode of the query agree with it. A query naming a town that a candidate is not in halves its score, and
 * once anything lies in the named town, candidates elsewhere are left out; a postcode that disagrees costs less.
 * The fallback ladder follows from the type weights: address, interpolated, street, postcode, locality.
 */
import type { AddressRecord, InterpolationRecord } from '../index/geocode-index.js';
import { houseNumberAgreement, houseNumberKey } from '../text/house-number.js';
import { parseQuery, type ParsedQuery } from './query-parser.js';
import { postcodeList, type SearchIndex } from '../index/search-index.js';
import { makeSuggestion, type GeocodeSuggestion, type MatchType, type SuggestionParts } from './suggestion.js';
import { betweenNeighbours, interpolatedPoint } from '../import/interpolation.js';
import { allowedEdits, type WordMatch } from '../index/word-matcher.js';
import { canonicalOfMisspelt } from '../text/abbreviations.js';

const typeWeight: Record<MatchType, number> = { address: 1, interpolated: 0.95, street: 0.85, postcode: 0.75, locality: 0.7 };
const townConflictFactor = 0.5;
const misspeltTypeQuality = 0.85;
/** How much of the house number an estimate between mapped neighbours explains. */
const neighbourEstimateQuality = 0.8;
const postcodeConflictFactor = 0.7;
/** An address without the asked unit, and one with another unit of the building (see unitAgreement). */
const unitMissingFactor = 0.98;
const otherUnitFactor = 0.95;
/** Streets whose name is matched this poorly are not worth a suggestion. */
const minimumCoverage = 0.34;
/** How many of the best streets are expanded into address, interpolation and street suggestions. */
const streetsExpanded = 12;
/** A word carried by more streets than this share does not, alone, make them candidates. */
const commonWordShare = 0.1;
const noStreets = new Uint32Array(0);
/** More candidate streets than this are narrowed to those meeting the most query words (candidateStreets). */
const scoredStreetsMax = 2000;

/**
 * Below this score a street, address or interpolated match is a guess (a fuzzy namesake with most of the
 * query unexplained, like "Escalier Tivoli" for "Rue de Rivoli, Paris" at 0.06) and is not suggested: the
 * answer falls back to the town or postcode, or is empty. Right answers to perturbed queries of the shared
 * extracts score 0.37 and more (docs/geocoding.md).
 */
export const streetLevelMinimumScore = 0.25;

const streetLevel = new Set<MatchType>(['address', 'interpolated', 'street']);

/** How a candidate stands against the query's town: `conflict` when the query names another town. */
interface Judgement {
  score: number;
  conflict: boolean;
  /** The query gives a postcode and it is the candidate's. */
  postcodeAgrees: boolean;
  /** The query gives a postcode and the candidate has others only. */
  postcodeDisagrees: boolean;
  /** Some word of the query names the candidate's town, region or quarter. */
  agrees: boolean;
}

interface Scored extends Judgement {
  parts: Omit<SuggestionParts, 'score'>;
}

interface StreetMatch {
  street: number;
  coverage: number;
  /** Sum of the qualities of the query words used by the name. */
  explained: number;
  used: Set<number>;
}

export class ForwardSearch {
  private readonly tokenMatches: WordMatch[][];
  private readonly units: number;
  private readonly placeWords: Set<number>;

  constructor(
    private readonly index: SearchIndex,
    private readonly query: ParsedQuery,
    private readonly country: string,
  ) {
    this.tokenMatches = query.words.map((word) => this.wordMatches(word));
    // A word said twice ("bitte klingeln" pasted over and over) says nothing new: it is counted once.
    this.units = new Set(query.words).size + (query.houseNumber ? 1 : 0) + (query.postcode ? 1 : 0);
    this.placeWords = index.placeWordsByCountry.get(country) ?? new Set();
  }

  /** The index words a query word meets; a misspelt street type meets its canonical form, at fuzzy quality. */
  private wordMatches(word: string): WordMatch[] {
    const matches = this.index.matcher.match(word);
    if (matches.length > 0) return matches;
    const canonical = canonicalOfMisspelt(word, this.country, allowedEdits(word));
    const id = canonical === undefined ? undefined : this.index.matcher.idOf(canonical);
    return id === undefined ? [] : [{ word: id, quality: misspeltTypeQuality }];
  }

  /** Scored candidates of this reading of the query, unsorted. */
  candidates(): Scored[] {
    if (this.units === 0) return [];
    const scored: Scored[] = [];
    // Ranked with their town and postcode, so that among a hundred Hauptstraßen the one of the named town is expanded.
    const streets = this.streetMatches()
      .map((match) => ({ match, rank: this.judgeStreet(match).score }))
      .sort((a, b) => b.rank - a.rank);
    for (const { match } of streets.slice(0, streetsExpanded)) this.expandStreet(match, scored);
    this.addPostcode(scored);
    this.addLocalities(scored);
    return scored;
  }

  private countryOf(context: number): string {
    return this.index.data.contexts[context]!.country;
  }

  /**
   * Streets carrying a rare word of the query (or, when none is rare, the fewest-carried word). Where there are
   * more than `scoredStreetsMax` of them (a country's index, common words), only those that meet the most query
   * words are scored: in ten million addresses "Maple" and "Hill" are each on thousands of streets, both on a few.
   */
  private candidateStreets(): number[] {
    const lists: { token: number; list: Uint32Array }[] = [];
    this.tokenMatches.forEach((matches, token) => {
      for (const { word } of matches) lists.push({ token, list: this.index.streetsByWord.get(word) ?? noStreets });
    });
    const common = Math.max(50, this.index.data.streetCount * commonWordShare);
    const rare = lists.filter(({ list }) => list.length > 0 && list.length <= common);
    const chosen = rare.length > 0 ? rare : lists.filter(({ list }) => list.length > 0).sort((a, b) => a.list.length - b.list.length).slice(0, 1);
    const tally = this.index.streetTally;
    tally.clear();
    for (const { token, list } of chosen) for (const street of list) tally.meet(street, token);
    return tally.size <= scoredStreetsMax ? [...tally.streets()] : tally.meetingMost(scoredStreetsMax);
  }

  private streetMatches(): StreetMatch[] {
    const matches: StreetMatch[] = [];
    for (const street of this.candidateStreets()) {
      if (this.countryOf(this.index.data.streetContext(street)) !== this.country) continue;
      const match = this.matchName(this.index.wordsOfStreet(street));
      if (match.coverage >= minimumCoverage) matches.push({ street, ...match });
    }
    return matches;
  }

  /** Pairs each word of a name with the best unused query word that meets it, weighting rare words more. */
  private matchName(nameWords: number[]): { coverage: number; explained: number; used: Set<number> } {
    const used = new Set<number>();
    let total = 0, matched = 0, explained = 0;
    for (const word of nameWords) {
      const weight = this.index.wordWeight[word] ?? 1;
      total += weight;
      let best = -1, bestQuality = 0;
      this.tokenMatches.forEach((matches, token) => {
        if (used.has(token)) return;
        for (const match of matches) {
          if (match.word === word && match.quality > bestQuality) {
            best = token;
            bestQuality = match.quality;
          }
        }
      });
      if (best < 0) continue;
      used.add(best);
      // The quality of a fuzzy match counts once, in what the name explains, not again in its coverage.
      matched += weight;
      explained += bestQuality;
    }
    return { coverage: total > 0 ? matched / total : 0, explained, used };
  }

  /** How the query words left over after the name relate to a place: explained by it, or naming another. */
  private placeAgreement(context: number, used: Set<number>): { explained: number; conflict: boolean } {
    const words = this.index.contextWords[context]!;
    let explained = 0, conflict = false;
    this.tokenMatches.forEach((matches, token) => {
      if (used.has(token)) return;
      let best = 0;
      for (const match of matches) best = Math.max(best, match.quality * (words.get(match.word) ?? 0));
      if (best > 0) explained += best;
      else if (matches.some((match) => this.placeWords.has(match.word))) conflict = true;
    });
    return { explained, conflict };
  }

  /** `postcodes`: the candidate's, folded (a street's are all those of its addresses). */
  private judge(type: MatchType, coverage: number, explained: number, context: number, used: Set<number>, postcodes: readonly string[]): Judgement {
    const place = this.placeAgreement(context, used);
    let total = explained + place.explained;
    let factor = typeWeight[type] * coverage * (place.conflict ? townConflictFactor : 1);
    const postcodeAgrees = this.query.postcode !== undefined && postcodes.includes(this.query.postcode);
    const postcodeDisagrees = this.query.postcode !== undefined && !postcodeAgrees && postcodes.length > 0;
    if (postcodeAgrees) total += 1;
    if (postcodeDisagrees) factor *= postcodeConflictFactor;
    return { score: Math.min(1, total / this.units) * factor, conflict: place.conflict, postcodeAgrees, postcodeDisagrees, agrees: place.explained > 0 };
  }

  private judgeStreet(match: StreetMatch): Judgement {
    const street = this.index.data.street(match.street);
    return this.judge('street', match.coverage, match.explained, street.context, match.used, this.index.streetPostcodes(match.street));
  }

  private expandStreet(match: StreetMatch, scored: Scored[]): void {
    const street = this.index.data.street(match.street);
    const asked = this.query.houseNumber;
    let numbered = false;
    if (asked) {
      for (const id of this.index.addressesNumbered(match.street, asked)) {
        const address = this.index.data.address(id);
        const agreement = houseNumberAgreement(asked, this.index.houseNumber(id));
        const judged = this.judge('address', match.coverage, match.explained + agreement, address.context, match.used, postcodeList(address.postcode));
        scored.push({ ...judged, score: judged.score * this.unitAgreement(address.unit), parts: this.addressParts(address, street.name) });
        numbered = true;
      }
      if (!numbered) numbered = this.addInterpolated(match, scored);
      if (!numbered) this.addBetweenNeighbours(match, scored);
    }
    scored.push({
      ...this.judgeStreet(match),
      parts: {
        matchType: 'street', location: { lat: street.anchor[0], lon: street.anchor[1] }, context: this.index.data.contexts[street.context]!,
        intersection: this.index.data.hasLines(match.street) ? { lat: street.anchor[0], lon: street.anchor[1] } : undefined,
        streetName: street.name, postcode: street.postcode || undefined,
      },
    });
  }

  /**
   * The unit asked for ("Apt 4B", "#12") picks that unit among the addresses of one building number; the
   * building without units comes next, another unit last. Without a unit asked, every unit answers alike.
   */
  private unitAgreement(mapped: string): number {
    const asked = this.query.unit;
    if (asked === undefined) return 1;
    if (mapped === '') return unitMissingFactor;
    return houseNumberKey(mapped) === asked ? 1 : otherUnitFactor;
  }

  private addressParts(address: AddressRecord, streetName: string): Scored['parts'] {
    const intersection = address.intersection ? { lat: address.intersection[0], lon: address.intersection[1] } : { lat: address.lat, lon: address.lon };
    return {
      matchType: 'address', location: address, context: this.index.data.contexts[address.context]!, intersection,
      streetName, streetNumber: address.number, unit: address.unit || undefined, postcode: address.postcode || undefined,
    };
  }

  private addInterpolated(match: StreetMatch, scored: Scored[]): boolean {
    const asked = this.query.houseNumber!;
    let found = false;
    for (const id of this.index.interpolationsByStreet.get(match.street) ?? []) {
      const section: InterpolationRecord = this.index.data.interpolations[id]!;
      const point = interpolatedPoint(section, asked.value);
      if (!point) continue;
      const street = this.index.data.street(match.street);
      scored.push({
        ...this.judge('interpolated', match.coverage, match.explained + 1, section.context, match.used, postcodeList(section.postcode)),
        parts: {
          matchType: 'interpolated', location: point, context: this.index.data.contexts[section.context]!, intersection: point,
          streetName: street.name, streetNumber: asked.written, postcode: section.postcode || undefined,
        },
      });
      found = true;
    }
    return found;
  }

  /** An unmapped number estimated between its mapped neighbours: less sure than an interpolation way. */
  private addBetweenNeighbours(match: StreetMatch, scored: Scored[]): void {
    const asked = this.query.houseNumber!;
    const estimate = betweenNeighbours(this.index.streetAddresses(match.street), asked.value);
    if (!estimate) return;
    const { nearest } = estimate;
    scored.push({
      ...this.judge('interpolated', match.coverage, match.explained + neighbourEstimateQuality, nearest.context, match.used, postcodeList(nearest.postcode)),
      parts: {
        matchType: 'interpolated', location: estimate.location, context: this.index.data.contexts[nearest.context]!,
        intersection: estimate.intersection ?? estimate.location, streetName: this.index.data.street(match.street).name,
        streetNumber: asked.written, postcode: nearest.postcode || undefined,
      },
    });
  }

  private addPostcode(scored: Scored[]): void {
    if (!this.query.postcode) return;
    const record = this.index.postcodes.get(`${this.country}|${this.query.postcode}`);
    if (!record) return;
    scored.push({
      ...this.judge('postcode', 1, 0, record.context, new Set(), postcodeList(record.code)),
      parts: { matchType: 'postcode', location: record, context: this.index.data.contexts[record.context]!, postcode: record.code },
    });
  }

  private addLocalities(scored: Scored[]): void {
    const candidates = new Set<number>();
    for (const matches of this.tokenMatches) for (const { word } of matches) for (const id of this.index.localitiesByWord.get(word) ?? []) candidates.add(id);
    for (const id of candidates) {
      const locality = this.index.data.localities[id]!;
      if (this.countryOf(locality.context) !== this.country) continue;
      const match = this.matchName(this.index.localityWords[id]!);
      if (match.coverage < minimumCoverage) continue;
      // A town matched by its own name is the town the query names.
      scored.push({
        ...this.judge('locality', match.coverage, match.explained, locality.context, match.used, []),
        agrees: true,
        parts: { matchType: 'locality', location: locality, context: this.index.data.contexts[locality.context]!, locality: locality.name },
      });
    }
  }
}

/**
 * The best `count` candidates, one per place and kind: the same building mapped twice, or a town known by two
 * names, shows once. `sorted` is best first; the walk stops as soon as enough are found.
 */
function bestDistinct(sorted: Scored[], count: number): Scored[] {
  const seen = new Set<string>();
  const kept: Scored[] = [];
  for (const candidate of sorted) {
    if (kept.length === count) break;
    const { matchType, location, streetNumber } = candidate.parts;
    const key = `${matchType}|${Math.round(location.lat * 1e4)}|${Math.round(location.lon * 1e4)}|${streetNumber ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    kept.push(candidate);
  }
  return kept;
}

/**
 * When some candidate lies in the town the query names, candidates in another town are left out: a house
 * number is never fetched from elsewhere when the town was said.
 */
function inNamedTown(scored: Scored[]): Scored[] {
  return scored.some((candidate) => candidate.agrees && !candidate.conflict) ? scored.filter((candidate) => !candidate.conflict) : scored;
}

/**
 * A street-level suggestion must be sure enough, and agree with the town or the postcode the query gives: a
 * street of another town is not suggested unless the postcode says it is the one meant, and a street none of
 * whose addresses has the query's postcode only when the query names its town.
 */
function confident(candidate: Scored): boolean {
  if (!streetLevel.has(candidate.parts.matchType)) return true;
  const townOrPostcode = (!candidate.conflict || candidate.postcodeAgrees) && (!candidate.postcodeDisagrees || candidate.agrees);
  return candidate.score >= streetLevelMinimumScore && townOrPostcode;
}

export function searchAddress(index: SearchIndex, text: string, country: string, maxResults: number): GeocodeSuggestion[] {
  const readings = parseQuery(
    text,
    country,
    (folded) => index.foldedPostcodes.has(folded),
    (word) => index.matcher.idOf(word) !== undefined,
  );
  const scored = inNamedTown(readings.flatMap((query) => new ForwardSearch(index, query, country).candidates())).filter(confident);
  scored.sort((a, b) => b.score - a.score);
  return bestDistinct(scored, maxResults).map(({ score, parts }) => makeSuggestion({ ...parts, score }));
}
