/**
 * The meeting point of cooperating searches of one problem (search-threads.ts). At each exchange point every
 * search still running offers its best plan and waits until all have offered; then each search whose best
 * costs more than the cheapest offered gets that one (the first search's on a tie), the others get null and
 * go on with their own. Costs are running sums, so the same plan costs a few ulps more or less in another
 * search: within SAME_COST a search keeps its own, else a plan would come back to the search that found it and
 * reset its annealing to it. Waiting for all makes what a search receives depend on the searches' plans at that
 * point alone, not on which arrived first. A search that ends (or fails) leaves, and is waited for no more.
 */

export interface SharedPlan {
  /** Visits of each route: job indices, and −(place + 1) for depot visits. */
  order: number[][];
  searchCost: number;
}

/** A search's side of the exchange: its best at the point in, the cheaper shared plan (or null) out. */
export type Exchange = (point: number, best: SharedPlan) => Promise<SharedPlan | null>;

/** Relative difference below which two costs are the same. */
const SAME_COST = 1e-9;

interface Offer {
  plan: SharedPlan;
  answer(shared: SharedPlan | null): void;
}

export class BestExchange {
  readonly #running: Set<number>;
  /** Offers by exchange point, then by search. */
  readonly #offers = new Map<number, Map<number, Offer>>();

  /** `searches`: how many take part, numbered from 0. */
  constructor(searches: number) {
    this.#running = new Set(Array.from({ length: searches }, (_, search) => search));
  }

  /** The exchange as search `search` sees it. */
  side(search: number): Exchange {
    return (point, best) => new Promise((answer) => {
      const offers = this.#offers.get(point) ?? new Map<number, Offer>();
      this.#offers.set(point, offers.set(search, { plan: best, answer }));
      this.#settle(point);
    });
  }

  leave(search: number): void {
    this.#running.delete(search);
    for (const point of [...this.#offers.keys()]) this.#settle(point);
  }

  #settle(point: number): void {
    const offers = this.#offers.get(point)!;
    if ([...this.#running].some((search) => !offers.has(search))) return;
    this.#offers.delete(point);
    const inOrder = [...offers].sort(([a], [b]) => a - b).map(([, offer]) => offer.plan);
    const cheapest = inOrder.reduce((best, plan) => (plan.searchCost < best.searchCost ? plan : best));
    const dearer = (own: SharedPlan) => own.searchCost > cheapest.searchCost + SAME_COST * Math.abs(cheapest.searchCost);
    for (const offer of offers.values()) offer.answer(dearer(offer.plan) ? cheapest : null);
  }
}
