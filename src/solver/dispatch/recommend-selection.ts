/**
 * Which insertions recommend answers (docs/api.md, Dispatching): fewest violations first, then the least added internal
 * cost, taking each in turn while its date, driver and route are under their caps, up to `max_results`.
 */
import type { Insertion } from './cheapest-insertion.js';

export interface RecommendCaps {
  maxResults: number;
  perDate: number;
  perDriver: number;
  perRoute: number;
}

export function rankInsertions(insertions: Insertion[]): Insertion[] {
  return [...insertions].sort((a, b) => a.price.violations - b.price.violations || a.delta - b.delta
    || a.route.index - b.route.index || a.position - b.position);
}

class CapCounter {
  private readonly counts = new Map<string, number>();

  constructor(private readonly cap: number) {}

  /** True when `key` is under its cap (routes without a date or driver are not capped by it). */
  has(key: string | undefined): boolean {
    return key === undefined || (this.counts.get(key) ?? 0) < this.cap;
  }

  add(key: string | undefined): void {
    if (key !== undefined) this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
}

export function selectInsertions(ranked: readonly Insertion[], caps: RecommendCaps): Insertion[] {
  const keys = [
    { counter: new CapCounter(caps.perDate), key: (insertion: Insertion) => insertion.route.date?.toString() },
    { counter: new CapCounter(caps.perDriver), key: (insertion: Insertion) => insertion.route.driver?.id },
    { counter: new CapCounter(caps.perRoute), key: (insertion: Insertion) => insertion.route.id },
  ];
  const selected: Insertion[] = [];
  for (const insertion of ranked) {
    if (selected.length >= caps.maxResults) break;
    if (!keys.every(({ counter, key }) => counter.has(key(insertion)))) continue;
    for (const { counter, key } of keys) counter.add(key(insertion));
    selected.push(insertion);
  }
  return selected;
}
