/**
 * From the normalized Problem to the flat arrays of FlatProblem. Strides and field offsets are the kernel's own
 * (assembly/vrp/layout.ts, read from the module at load), so a field added there is written here by name.
 */
import { vrpKernel } from '../../kernels/vrp-module.js';
import type { VrpLayout } from '../../kernels/vrp-layout.js';
import type { Problem, Route } from '../model.js';
import { routeViolationTypes, stopViolationTypes } from '../violation-types.js';
import { AttributeBits } from './attribute-bits.js';
import { centroidPulls } from './centroid-pull.js';
import { eligibilityBits } from './eligibility.js';
import type { FlatProblem } from './flat-problem.js';
import type { RouteLegs } from '../travel/travel-costs.js';

function criticalMaskOf(problem: Problem): number {
  let mask = 0;
  for (const type of problem.settings.criticalViolations) {
    const stop = stopViolationTypes.indexOf(type as never);
    const bit = stop >= 0 ? stop : stopViolationTypes.length + routeViolationTypes.indexOf(type as never);
    mask |= 1 << bit;
  }
  return mask >>> 0;
}

function flattenJobs(problem: Problem, depotBits: AttributeBits, layout: VrpLayout) {
  const count = problem.jobs.length;
  const words = depotBits.words;
  const jobs = {
    jobLocation: new Int32Array(count),
    jobExitLocation: new Int32Array(count),
    jobTimeOnSite: new Float64Array(count),
    jobExitTimeOnSite: new Float64Array(count),
    jobWindowCount: new Int32Array(count),
    jobWindows: new Float64Array(count * layout.JOB_WINDOW_STRIDE),
    jobLoads: new Float64Array(count * layout.MAX_METRICS),
    jobPreDepotNeed: new Uint32Array(count * words),
    jobPostDepotNeed: new Uint32Array(count * words),
  };
  for (const job of problem.jobs) {
    const index = job.index;
    jobs.jobLocation[index] = job.location.index;
    jobs.jobExitLocation[index] = job.exitLocation?.index ?? -1;
    jobs.jobTimeOnSite[index] = job.timeOnSite;
    jobs.jobExitTimeOnSite[index] = job.exitTimeOnSite;
    jobs.jobWindowCount[index] = job.timeWindows.length;
    job.timeWindows.forEach((window, w) => {
      jobs.jobWindows[index * layout.JOB_WINDOW_STRIDE + w * 2] = window.start;
      jobs.jobWindows[index * layout.JOB_WINDOW_STRIDE + w * 2 + 1] = window.end;
    });
    job.loads.forEach((amount, metric) => (jobs.jobLoads[index * layout.MAX_METRICS + metric] = amount));
    depotBits.write(job.requiredPreJobDepotAttributes, jobs.jobPreDepotNeed, index * words);
    depotBits.write(job.requiredPostJobDepotAttributes, jobs.jobPostDepotNeed, index * words);
  }
  return jobs;
}

/** Absent limits are +Infinity, as the kernel reads them. */
function writeRouteParameters(route: Route, out: Float64Array, at: number, layout: VrpLayout): void {
  out[at + layout.RP_START_TIME] = route.startTime;
  out[at + layout.RP_END_TIME] = route.endTime ?? Infinity;
  out[at + layout.RP_MAX_WORKING] = route.maxWorkingTime ?? Infinity;
  out[at + layout.RP_MAX_DRIVING] = route.maxDrivingTime ?? Infinity;
  out[at + layout.RP_NORMAL_WORKING] = route.normalWorkingTime ?? Infinity;
  out[at + layout.RP_COST_PER_HOUR] = route.costPerHour;
  out[at + layout.RP_COST_PER_KM] = route.costPerKm;
  out[at + layout.RP_FIXED_COST] = route.fixedCost;
  out[at + layout.RP_MAX_JOBS] = route.maxJobsOnRoute ?? Infinity;
  out[at + layout.RP_CLOCK_CHANGE] = route.clock?.changeAt ?? Infinity;
  out[at + layout.RP_CLOCK_SHIFT] = route.clock?.shift ?? 0;
  for (let metric = 0; metric < layout.MAX_METRICS; metric++) {
    out[at + layout.RP_CAPACITY + metric] = route.loadCapacities?.[metric] ?? Infinity;
  }
}

function flattenRoutes(problem: Problem, classOfRoute: Int32Array, layout: VrpLayout) {
  const routes = problem.routes;
  const visitTotal = routes.reduce((sum, route) => sum + route.visits.length, 0);
  const breakTotal = routes.reduce((sum, route) => sum + route.breaks.length, 0);
  const flat = {
    routeVisitStart: new Int32Array(routes.length),
    routeVisitCount: new Int32Array(routes.length),
    visits: new Int32Array(visitTotal),
    visitFaults: new Uint32Array(visitTotal),
    routeClass: Int32Array.from(classOfRoute),
    routeStartPlace: new Int32Array(routes.length),
    routeEndPlace: new Int32Array(routes.length),
    routeParameters: new Float64Array(routes.length * layout.RP_STRIDE),
    routeBreakStart: new Int32Array(routes.length),
    routeBreakCount: new Int32Array(routes.length),
    breaks: new Float64Array(breakTotal * layout.BREAK_STRIDE),
  };
  let visitAt = 0;
  let breakAt = 0;
  routes.forEach((route, index) => {
    flat.routeVisitStart[index] = visitAt;
    flat.routeVisitCount[index] = route.visits.length;
    for (const visit of route.visits) {
      flat.visits[visitAt] = visit.kind === 'job' ? visit.job.index : -(visit.place.index + 1);
      flat.visitFaults[visitAt] = visit.kind === 'job' ? eligibilityBits(visit.job, route) : 0;
      visitAt++;
    }
    flat.routeStartPlace[index] = route.startLocation?.index ?? -1;
    flat.routeEndPlace[index] = route.endLocation?.index ?? -1;
    writeRouteParameters(route, flat.routeParameters, index * layout.RP_STRIDE, layout);
    flat.routeBreakStart[index] = breakAt;
    flat.routeBreakCount[index] = route.breaks.length;
    for (const driverBreak of route.breaks) {
      const at = breakAt * layout.BREAK_STRIDE;
      flat.breaks[at + layout.BREAK_EARLIEST_START] = driverBreak.earliestStart;
      flat.breaks[at + layout.BREAK_LATEST_START] = driverBreak.latestStart;
      flat.breaks[at + layout.BREAK_LENGTH] = driverBreak.length;
      breakAt++;
    }
  });
  return flat;
}

/** Without `legs`, every route reads its legs from its class matrix. */
export function flattenProblem(problem: Problem, classOfRoute: Int32Array, legs?: RouteLegs): FlatProblem {
  const depotBits = new AttributeBits(
    problem.jobs.flatMap((job) => [...job.requiredPreJobDepotAttributes, ...job.requiredPostJobDepotAttributes]),
  );
  const words = depotBits.words;
  const placeDepotAttributes = new Uint32Array(problem.places.length * words);
  for (const place of problem.places) {
    if (place.isDepot) depotBits.write(place.attributes, placeDepotAttributes, place.index * words);
  }
  const settings = problem.settings;
  const { layout } = vrpKernel();
  return {
    placeCount: problem.places.length,
    jobCount: problem.jobs.length,
    routeCount: problem.routes.length,
    loadMetrics: problem.loadMetrics,
    attributeWords: words,
    hardWindows: settings.timeWindowsAsHardConstraint,
    criticalMask: criticalMaskOf(problem),
    legalBreaks: settings.enableLegalBreaks,
    legalBreakDuration: settings.legalBreakDuration,
    legalBreakInterval: settings.legalBreakInterval,
    placeDepotAttributes,
    ...flattenJobs(problem, depotBits, layout),
    ...flattenRoutes(problem, classOfRoute, layout),
    routeLegStart: legs?.routeLegStart ?? new Int32Array(problem.routes.length).fill(-1),
    legDurations: legs?.durations ?? new Float64Array(0),
    legDistances: legs?.distances ?? new Float64Array(0),
    legUnsafe: legs?.unsafe ?? new Uint8Array(0),
    jobRoutePull: centroidPulls(problem),
  };
}
