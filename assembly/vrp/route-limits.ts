// The route-level checks shared by the full timing scan and the segment summaries: given a route's totals, its
// violations, penalties and costs (docs/api.md, Costs and Violations), written into the route summary (R_* in
// layout.ts).
import {
  R_BREAKS_NOT_TAKEN, R_COST, R_DISTANCE, R_DRIVING, R_END, R_INTERNAL_COST, R_JOB_COUNT, R_PEAK_LOAD,
  R_START, R_VIOLATION_COUNT, R_VIOLATIONS, R_WORKING, RP_CAPACITY, RP_COST_PER_HOUR, RP_COST_PER_KM, RP_END_TIME,
  RP_FIXED_COST, RP_MAX_DRIVING, RP_MAX_JOBS, RP_MAX_WORKING, RP_NORMAL_WORKING, RV_BREAK_NOT_TAKEN,
  RV_END_TIME, RV_LOAD_CAPACITY, RV_MAX_DRIVING, RV_MAX_JOBS, RV_MAX_WORKING, RV_OVERTIME,
} from './layout';
import { breaksNotTakenPenalty, hardPenalty, overtimePenalty, violationCount } from './penalties';
import { loadMetrics, routeParameter } from './problem';

@inline export function summaryField(summary: usize, field: i32): f64 {
  return load<f64>(summary + (<usize>field << 3));
}

@inline export function setSummaryField(summary: usize, field: i32, value: f64): void {
  store<f64>(summary + (<usize>field << 3), value);
}

/**
 * Completes a summary whose distance, driving, start, end, job count, peak loads and breaks not taken are set:
 * working time, cost, route violations, and internal cost = cost + `stopPenalties` + route penalties.
 */
export function closeRoute(route: i32, summary: usize, stopPenalties: f64, stopViolations: i32): void {
  const jobs = summaryField(summary, R_JOB_COUNT);
  const working = summaryField(summary, R_END) - summaryField(summary, R_START);
  const driving = summaryField(summary, R_DRIVING);
  const costPerHour = routeParameter(route, RP_COST_PER_HOUR);
  setSummaryField(summary, R_WORKING, working);
  const cost = jobs > 0
    ? routeParameter(route, RP_FIXED_COST) + costPerHour * working / 3600 +
      routeParameter(route, RP_COST_PER_KM) * summaryField(summary, R_DISTANCE) / 1000
    : 0;
  let bits: u32 = 0;
  let penalty: f64 = stopPenalties;
  let count: i32 = stopViolations;
  const maxWorking = routeParameter(route, RP_MAX_WORKING);
  if (working > maxWorking) { bits |= RV_MAX_WORKING; penalty += hardPenalty(working - maxWorking); }
  const maxDriving = routeParameter(route, RP_MAX_DRIVING);
  if (driving > maxDriving) { bits |= RV_MAX_DRIVING; penalty += hardPenalty(driving - maxDriving); }
  const endTime = routeParameter(route, RP_END_TIME);
  const end = summaryField(summary, R_END);
  if (end > endTime) { bits |= RV_END_TIME; penalty += hardPenalty(end - endTime); }
  for (let metric = 0; metric < loadMetrics; metric++) {
    const excess = summaryField(summary, R_PEAK_LOAD + metric) - routeParameter(route, RP_CAPACITY + metric);
    if (excess > 0) { bits |= RV_LOAD_CAPACITY; penalty += hardPenalty(excess); count++; }
  }
  const maxJobs = routeParameter(route, RP_MAX_JOBS);
  if (jobs > maxJobs) { bits |= RV_MAX_JOBS; penalty += hardPenalty(jobs - maxJobs); }
  const notTaken = <i32>summaryField(summary, R_BREAKS_NOT_TAKEN);
  if (notTaken > 0) { bits |= RV_BREAK_NOT_TAKEN; penalty += breaksNotTakenPenalty(notTaken); }
  const overtime = working - routeParameter(route, RP_NORMAL_WORKING);
  if (overtime > 0) { bits |= RV_OVERTIME; penalty += overtimePenalty(overtime, costPerHour); }
  // Load excess counts one violation per metric, already counted above; the others one each.
  count += violationCount(bits & ~RV_LOAD_CAPACITY);
  setSummaryField(summary, R_COST, cost);
  setSummaryField(summary, R_INTERNAL_COST, cost + penalty);
  setSummaryField(summary, R_VIOLATIONS, <f64>bits);
  setSummaryField(summary, R_VIOLATION_COUNT, <f64>count);
}

export function clearSummary(summary: usize, size: i32): void {
  memory.fill(summary, 0, <usize>size << 3);
}
