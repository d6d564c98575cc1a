/** From the normalized Problem to the flat arrays of FlatProblem (layout in assembly/vrp/layout.ts). */
import type { Problem, Route } from '../model.js';
import { routeViolationTypes, stopViolationTypes } from '../violation-types.js';
import { AttributeBits } from './attribute-bits.js';
import { centroidPulls } from './centroid-pull.js';
import { eligibilityBits } from './eligibility.js';
import type { FlatProblem } from './flat-problem.js';
import type { RouteLegs } from '../travel/travel-costs.js';

/** Field order of one route's parameters (RP_* in layout.ts). */
const routeParameterFields = 13;
const maxMetrics = 4;

function criticalMaskOf(problem: Problem): number {
  let mask = 0;
  for (const type of problem.settings.criticalViolations) {
    const stop = stopViolationTypes.indexOf(type as never);
    const bit = stop >= 0 ? stop : stopViolationTypes.length + routeViolationTypes.indexOf(type as never);
    mask |= 1 << bit;
  }
  return mask >>> 0;
}

function flattenJobs(problem: Problem, depotBits: AttributeBits) {
  const count = problem.jobs.length;
  const words = depotBits.words;
  const jobs = {
    jobLocation: new Int32Array(count),
    jobExitLocation: new Int32Array(count),
    jobTimeOnSite: new Float64Array(count),
    jobExitTimeOnSite: new Float64Array(count),
    jobWindowCount: new Int32Array(count),
    jobWindows: new Float64Array(count * 4),
    jobLoads: new Float64Array(count * maxMetrics),
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
      jobs.jobWindows[index * 4 + w * 2] = window.start;
      jobs.jobWindows[index * 4 + w * 2 + 1] = window.end;
    });
    job.loads.forEach((amount, metric) => (jobs.jobLoads[index * maxMetrics + metric] = amount));
    depotBits.write(job.requiredPreJobDepotAttributes, jobs.jobPreDepotNeed, index * words);
    depotBits.write(job.requiredPostJobDepotAttributes, jobs.jobPostDepotNeed, index * words);
  }
  return jobs;
}

function routeParametersOf(route: Route): number[] {
  const capacities = Array.from({ length: maxMetrics }, (_, metric) => route.loadCapacities?.[metric] ?? Infinity);
  return [
    route.startTime,
    route.endTime ?? Infinity,
    route.maxWorkingTime ?? Infinity,
    route.maxDrivingTime ?? Infinity,
    route.normalWorkingTime ?? Infinity,
    route.costPerHour,
    route.costPerKm,
    route.fixedCost,
    route.maxJobsOnRoute ?? Infinity,
    ...capacities,
  ];
}

function flattenRoutes(problem: Problem, classOfRoute: Int32Array) {
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
    routeParameters: new Float64Array(routes.length * routeParameterFields),
    routeBreakStart: new Int32Array(routes.length),
    routeBreakCount: new Int32Array(routes.length),
    breaks: new Float64Array(breakTotal * 3),
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
    flat.routeParameters.set(routeParametersOf(route), index * routeParameterFields);
    flat.routeBreakStart[index] = breakAt;
    flat.routeBreakCount[index] = route.breaks.length;
    for (const driverBreak of route.breaks) {
      flat.breaks.set([driverBreak.earliestStart, driverBreak.latestStart, driverBreak.length], breakAt * 3);
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
    ...flattenJobs(problem, depotBits),
    ...flattenRoutes(problem, classOfRoute),
    routeLegStart: legs?.routeLegStart ?? new Int32Array(problem.routes.length).fill(-1),
    legDurations: legs?.durations ?? new Float64Array(0),
    legDistances: legs?.distances ?? new Float64Array(0),
    legUnsafe: legs?.unsafe ?? new Uint8Array(0),
    jobRoutePull: centroidPulls(problem),
  };
}
