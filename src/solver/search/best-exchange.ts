/**
 * The meeting point of cooperating searches of one problem (search-threads.ts). At each exchange point every
 * search still running offers its best plan and waits until all have offered; then each search whose best
 * costs more than the cheapest offered gets that one (the first search's on a tie), the others keep their own.
 * Costs are running sums, so the same plan costs a few ulps more or less in another search: within SAME_COST a
 * search keeps its own, else a plan would come back to the search that found it and reset its annealing to it.
 * Waiting for all makes what a search receives depend on the searches' plans at that point alone, not on which
 * arrived first. A search that ends (or fails) leaves, and is waited for no more.
 *
 * A large plan is split (route-regions.ts) once every search says no ejection-pool phase may run again: from
 * such a point on, every search goes on from the same plan with the routes of the others' regions frozen, and
 * at the next point the searches' plans are joined route by route, each region's routes from its own search.
 * A search that ends during a split interval hands in its plan for its region; the last to end gets the plans
 * of all joined.
 *
 * A helper that gives way to a queued task hands its plan in and leaves as one that ends does, and may rejoin
 * once the queue is empty: it is waited for from the first point nobody has offered at yet, so that nobody waits
 * a whole interval for it, and goes on from the plan of the last point (or, still in the interval of a split
 * that gave it a region, from its own).
 */
import { joinByRegion, type RouteOrder, type RouteRegions } from './route-regions.js';

export interface SharedPlan {
  /** Visits of each route: job indices, and −(place + 1) for depot visits. */
  order: number[][];
  searchCost: number;
}

export interface ExchangeAnswer {
  /** The plan to go on from, as current and best; null: the search keeps its own. */
  adopt: number[][] | null;
  /** By route: true for the routes the search leaves as they are until the next point (others' regions). */
  frozen: boolean[];
}

/** A search's side of the exchange. */
export interface Exchange {
  /** Its best at the point in (`splittable`: no ejection-pool phase may run again in it), what to do next out. */
  offer(point: number, best: SharedPlan, splittable: boolean): Promise<ExchangeAnswer>;
  /**
   * It ends, or pauses, with this best; the plan to end with instead (every region's joined) comes back to the
   * last one.
   */
  finish(best: SharedPlan): Promise<number[][] | null>;
  /** It takes part again, after a pause. */
  rejoin(): Promise<Rejoined>;
}

export interface Rejoined {
  /** The exchange point it offers at next. */
  point: number;
  /** The plan to go on from, as current and best, nothing frozen; null: its own, as it was. */
  adopt: number[][] | null;
}

/** Relative difference below which two costs are the same. */
const SAME_COST = 1e-9;

interface Offer {
  plan: SharedPlan;
  splittable: boolean;
  answer(answer: ExchangeAnswer): void;
}

/** The interval in progress, when split: whose region each route is, and the plan every search started from. */
interface Split {
  regionOf: Int32Array;
  /** Region → search. */
  searches: number[];
  base: RouteOrder;
}

export class BestExchange {
  /** The searches taking part, each with the first point it must offer at. */
  readonly #running: Map<number, number>;
  /** Offers by exchange point, then by search. */
  readonly #offers = new Map<number, Map<number, Offer>>();
  #split: Split | null = null;
  /** The plans of the searches that ended during the split interval, by search. */
  readonly #finished = new Map<number, RouteOrder>();
  #lastPoint = 0;
  /** The plan the last point handed out, joined or the cheapest; null before the first. */
  #lastPlan: RouteOrder | null = null;

  /** `searches`: how many take part, numbered from 0; `regions`: how a plan is split (none: never). */
  constructor(searches: number, readonly regions?: RouteRegions) {
    this.#running = new Map(Array.from({ length: searches }, (_, search) => [search, 1]));
  }

  /** The exchange as search `search` sees it. */
  side(search: number): Exchange {
    return {
      offer: (point, plan, splittable) => new Promise((answer) => {
        const offers = this.#offers.get(point) ?? new Map<number, Offer>();
        this.#offers.set(point, offers.set(search, { plan, splittable, answer }));
        this.#settle(point);
      }),
      finish: async (best) => {
        const split = this.#split;
        if (split) this.#finished.set(search, best.order);
        this.leave(search);
        // The last search to end, in an interval still split: nobody else will join the regions' plans.
        if (this.#running.size > 0 || !split || split !== this.#split) return null;
        return this.#joined(split, new Map());
      },
      rejoin: async () => this.#rejoin(search),
    };
  }

  leave(search: number): void {
    this.#running.delete(search);
    for (const point of [...this.#offers.keys()]) this.#settle(point);
  }

  #rejoin(search: number): Rejoined {
    const point = Math.max(this.#lastPoint, ...this.#offers.keys()) + 1;
    this.#running.set(search, point);
    const ownRegion = this.#split?.searches.includes(search) === true && point === this.#lastPoint + 1;
    return { point, adopt: ownRegion || !this.#lastPlan ? null : this.#lastPlan.map((route) => [...route]) };
  }

  #settle(point: number): void {
    const offers = this.#offers.get(point)!;
    if ([...this.#running].some(([search, from]) => from <= point && !offers.has(search))) return;
    this.#offers.delete(point);
    const searches = [...offers.keys()].sort((a, b) => a - b);
    const joined = this.#split && this.#joined(this.#split, offers);
    this.#finished.clear();
    const cheapest = searches.map((search) => ({ search, plan: offers.get(search)!.plan }))
      .reduce((best, next) => (next.plan.searchCost < best.plan.searchCost ? next : best));
    const from = joined || cheapest.plan.order;
    const splittable = searches.every((search) => offers.get(search)!.splittable);
    const regionOf = splittable ? this.regions?.split(from, searches.length, point) ?? null : null;
    this.#split = regionOf && { regionOf, searches, base: from };
    this.#lastPoint = point;
    this.#lastPlan = from;
    for (const search of searches) {
      const { plan, answer } = offers.get(search)!;
      // A split interval starts from one plan, as current and best, in every search (the cheapest search's own
      // current plan may differ from its best in the others' routes); otherwise only a dearer search takes it.
      const adopt = joined || regionOf || (search !== cheapest.search && this.#dearer(plan, cheapest.plan)) ? from : null;
      const frozen = Array.from(from, (_, route) => regionOf !== null && searches[regionOf[route]!] !== search);
      answer({ adopt, frozen });
    }
  }

  #dearer(own: SharedPlan, cheapest: SharedPlan): boolean {
    return own.searchCost > cheapest.searchCost + SAME_COST * Math.abs(cheapest.searchCost);
  }

  /** Each region's routes from its search's offer at this point, or from the plan it handed in when it ended. */
  #joined(split: Split, offers: Map<number, Offer>): number[][] | null {
    const plans = split.searches.map((search) => offers.get(search)?.plan.order ?? this.#finished.get(search));
    return joinByRegion(split.regionOf, plans, split.base);
  }
}
