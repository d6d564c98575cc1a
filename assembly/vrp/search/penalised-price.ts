// Penalised prices (HGS, Vidal et al. 2012), for the squeeze (squeeze.ts): while they are on, a route may be
// late or overloaded, and instead of a hard violation it pays its time warp (segment.ts) and its load excess,
// each times a weight. The weights start at what a second of driving and a unit of an average job's load cost
// on the road, times STARTING_WEIGHT, and adapt so that about half of the squeezes end feasible: a weight too
// low lets the search wander far from feasibility (at 1× it traded distance for lateness and the squeezes
// ended later than they began), one too high forbids the detours through it.
import { MAX_METRICS, R_COST, R_PEAK_LOAD, RP_CAPACITY, RP_COST_PER_KM, RV_END_TIME, RV_LOAD_CAPACITY } from '../layout';
import { HARD_VIOLATION } from '../penalties';
import { jobLoad, jobPlace, legDistance, legDuration, loadMetrics, routeClassOf, routeParameter, routeStartPlaceOf } from '../problem';
import { summaryField } from '../route-limits';
import { segmentTimeWarp, setTimeWarpTracked } from '../segment';
import { jobs, routes } from './search-problem';

/** True while routes are priced with penalties rather than refused when late or overloaded. */
export let penalising = false;
/** The weighted time warp and load excess in the last penalised price (0: the route is on time and fits). */
export let pricedPenalty: f64 = 0;

let warpWeight: f64 = 1;
let warpWeightAtStart: f64 = 1;
const loadWeights = memory.data(MAX_METRICS * 8);
const loadWeightsAtStart = memory.data(MAX_METRICS * 8);

const STARTING_WEIGHT: f64 = 100;
const FEASIBLE_DECREASE: f64 = 0.85;
const INFEASIBLE_INCREASE: f64 = 1.2;
/** How far the adapted weights may stray from where they started, either way. */
const WEIGHT_RANGE: f64 = 1000;

@inline function loadWeight(metric: i32): f64 { return load<f64>(loadWeights + (<usize>metric << 3)); }

/** `averageLegCost`: the first plan's average cost of a leg (annealing.ts). */
export function startPenaltyWeights(averageLegCost: f64): void {
  penalising = false;
  let cost: f64 = 0, seconds: f64 = 0;
  const start = routes > 0 ? routeStartPlaceOf(0) : -1;
  for (let job = 0; start >= 0 && job < jobs; job++) {
    const legSeconds = legDuration(routeClassOf(0), start, jobPlace(job), 0);
    const legMetres = legDistance(routeClassOf(0), start, jobPlace(job));
    if (legSeconds <= 0 || legMetres < 0) continue;
    seconds += legSeconds;
    cost += legMetres * routeParameter(0, RP_COST_PER_KM) / 1000;
  }
  warpWeight = STARTING_WEIGHT * (seconds > 0 && cost > 0 ? cost / seconds : 1);
  warpWeightAtStart = warpWeight;
  for (let metric = 0; metric < loadMetrics; metric++) {
    let total: f64 = 0;
    for (let job = 0; job < jobs; job++) total += Math.abs(jobLoad(job, metric));
    const weight = STARTING_WEIGHT * (total > 0 ? averageLegCost * <f64>jobs / total : averageLegCost);
    store<f64>(loadWeights + (<usize>metric << 3), weight);
    store<f64>(loadWeightsAtStart + (<usize>metric << 3), weight);
  }
}

/** The weight of a second of time warp (metric -1) or of a unit of load excess of metric `metric`. */
export function penaltyWeight(metric: i32): f64 {
  return metric < 0 ? warpWeight : loadWeight(metric);
}

/** Routes are priced with penalties from now on (reprice them: state.ts, repriceRoutes). */
export function startPenalising(): void {
  penalising = true;
  setTimeWarpTracked(true);
}

export function stopPenalising(): void {
  penalising = false;
  setTimeWarpTracked(false);
}

/** One squeeze ended feasible or not: the weights move toward half of them feasible. */
export function adaptPenaltyWeights(feasible: bool): void {
  const factor = feasible ? FEASIBLE_DECREASE : INFEASIBLE_INCREASE;
  warpWeight = clampWeight(warpWeight * factor, warpWeightAtStart);
  for (let metric = 0; metric < loadMetrics; metric++) {
    const adapted = clampWeight(loadWeight(metric) * factor, load<f64>(loadWeightsAtStart + (<usize>metric << 3)));
    store<f64>(loadWeights + (<usize>metric << 3), adapted);
  }
}

function clampWeight(weight: f64, atStart: f64): f64 {
  return Math.min(Math.max(weight, atStart / WEIGHT_RANGE), atStart * WEIGHT_RANGE);
}

/**
 * The penalised price of a route from its whole segment and its summary (routeFromSegment's): cost, the hard
 * violations other than lateness, end time and load, and the weighted time warp and load excess. Soft
 * penalties are left out: the squeeze's plan is priced exactly again before anything judges it.
 */
export function penalisedPrice(route: i32, segment: usize, summary: usize, otherHard: i32): f64 {
  let penalty = warpWeight * segmentTimeWarp(segment);
  for (let metric = 0; metric < loadMetrics; metric++) {
    const excess = summaryField(summary, R_PEAK_LOAD + metric) - routeParameter(route, RP_CAPACITY + metric);
    if (excess > 0) penalty += loadWeight(metric) * excess;
  }
  pricedPenalty = penalty;
  return summaryField(summary, R_COST) + <f64>otherHard * HARD_VIOLATION + pricedPenalty;
}

/** Route violation bits a penalised price weighs instead of counting them hard. */
export function penalisedBits(): u32 {
  return RV_END_TIME | RV_LOAD_CAPACITY;
}
