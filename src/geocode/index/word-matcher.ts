/**
 * The words of every name in the index, and how a word of a query meets them: exactly when it can, else within
 * a bounded edit distance (1 for words of 4 to 7 letters, 2 from 8 letters, none below 4). Fuzzy candidates come
 * from shared trigrams (an edit breaks at most four: three for a letter, four for two letters swapped), so the
 * distance is computed for a few words only, never for the whole vocabulary.
 */
import { boundedEditDistance } from '../text/edit-distance.js';

export interface WordMatch {
  word: number;
  /** 1 for an exact match, lower per edit. */
  quality: number;
}

const qualityPerEdit = 0.15;
const trigramsBrokenPerEdit = 4;
const cacheLimit = 50_000;

export function allowedEdits(word: string): number {
  if (word.length < 4) return 0;
  return word.length < 8 ? 1 : 2;
}

function trigrams(word: string): string[] {
  const padded = `^^${word}$`;
  const grams: string[] = [];
  for (let i = 0; i + 3 <= padded.length; i++) grams.push(padded.slice(i, i + 3));
  return grams;
}

export class WordMatcher {
  private readonly ids = new Map<string, number>();
  readonly words: string[] = [];
  private readonly byTrigram = new Map<string, number[]>();
  private readonly cache = new Map<string, WordMatch[]>();
  private sharedCounts = new Uint16Array(0);

  /** The id of a word, adding it to the vocabulary when new. */
  add(word: string): number {
    let id = this.ids.get(word);
    if (id !== undefined) return id;
    id = this.words.length;
    this.words.push(word);
    this.ids.set(word, id);
    for (const gram of new Set(trigrams(word))) {
      const list = this.byTrigram.get(gram);
      if (list) list.push(id);
      else this.byTrigram.set(gram, [id]);
    }
    return id;
  }

  idOf(word: string): number | undefined {
    return this.ids.get(word);
  }

  /** The exact word when the vocabulary has it; otherwise every word within the allowed edits. */
  match(word: string): WordMatch[] {
    const cached = this.cache.get(word);
    if (cached) return cached;
    const exact = this.ids.get(word);
    const matches = exact !== undefined ? [{ word: exact, quality: 1 }] : this.fuzzy(word);
    if (this.cache.size >= cacheLimit) this.cache.clear();
    this.cache.set(word, matches);
    return matches;
  }

  private fuzzy(word: string): WordMatch[] {
    const edits = allowedEdits(word);
    if (edits === 0) return [];
    const grams = [...new Set(trigrams(word))];
    const needed = grams.length - trigramsBrokenPerEdit * edits;
    if (this.sharedCounts.length < this.words.length) this.sharedCounts = new Uint16Array(this.words.length * 2);
    const touched: number[] = [];
    for (const gram of grams) {
      for (const id of this.byTrigram.get(gram) ?? []) {
        if (this.sharedCounts[id] === 0) touched.push(id);
        this.sharedCounts[id]!++;
      }
    }
    const matches: WordMatch[] = [];
    for (const id of touched) {
      const shared = this.sharedCounts[id]!;
      this.sharedCounts[id] = 0;
      if (shared < needed) continue;
      const candidate = this.words[id]!;
      // Short words of the index (street types, initials) are too alike to be guessed from a typo.
      if (candidate.length < 4) continue;
      const distance = boundedEditDistance(word, candidate, edits);
      if (distance <= edits) matches.push({ word: id, quality: 1 - qualityPerEdit * distance });
    }
    return matches;
  }
}
