// `npm run bench -- vrp`: the planning search on the benchmark instances in ../shared/data/vrp (all Solomon,
// the Gehring–Homberger and CVRP X files present), through the same path as `fleetroute solve`. Per instance:
// vehicles, distance, gap to the best-known solution (bks.csv) for the hierarchical objective (vehicles, then
// distance) and for distance alone, seconds to come within 5% and 1% of the distance-only BKS, and
// feasibility by the independent checker. Per class and overall: means, set against VROOM as measured on
// this machine (the numbers, same instances).
//
// Budgets per instance size: 5 s per Solomon instance, 20/30/60 s for 200/400/1000 customers, 2.4·n s for CVRP.
// FLEETROUTE_VRP_BENCH_SCALE multiplies them; FLEETROUTE_VRP_BENCH_ONLY (a regular expression) picks
// instances; FLEETROUTE_VRP_BENCH_OBJECTIVES (comma list) picks objectives.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkInstancePlan } from '../src/problem/formats/instance-checker.js';
import { instanceFormats, type InstanceFormat } from '../src/problem/formats/instance-formats.js';
import type { BenchmarkObjective } from '../src/problem/formats/instance-problem.js';
import { solveFile } from '../src/cli/solve-command.js';
import { loadConfig } from '../src/config.js';
import { operationLimits, setOperationLimits } from '../src/operations/operation-limits.js';
import { report } from './report.js';

const dataDir = resolve(fileURLToPath(import.meta.url), '../../../../shared/data/vrp');

/** VROOM measured on the same instances on this machine: 2 threads, `-x 5`, 1.5 s mean per Solomon instance. */
const VROOM = { solomonMeanGapPercent: 1.6, solomonR2GapPercent: 3.9, solomonRc2GapPercent: 2.7, solomonVehicleMatches: 18 };
const GOALS = { solomonMeanGapPercent: 0.5, solomonVehicleMatches: 45, homberger1000GapPercent: 2, cvrpGapPercent: 1 };

interface Bks { vehicles: number; distance: number }
interface Instance { name: string; path: string; format: InstanceFormat; family: 'solomon' | 'homberger' | 'cvrp'; customers: number; budget: number; group: string }
interface Outcome { instance: Instance; objective: BenchmarkObjective; vehicles: number; distance: number; gapPercent: number | null; vehiclesMatch: boolean | null; feasible: boolean; seconds: number; within5: number | null; within1: number | null }

function csvFields(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    else if (char === ',' && !quoted) { fields.push(current); current = ''; }
    else current += char;
  }
  fields.push(current);
  return fields;
}

/** bks.csv: instance → objective (`vehicles_then_distance` or `distance`) → best known. */
function readBks(): Map<string, Map<string, Bks>> {
  const table = new Map<string, Map<string, Bks>>();
  for (const line of readFileSync(join(dataDir, 'bks.csv'), 'utf8').split(/\r?\n/).slice(1)) {
    if (line.trim() === '') continue;
    const [instance, vehicles, distance, , objective] = csvFields(line);
    const key = instance!.toLowerCase();
    if (!table.has(key)) table.set(key, new Map());
    table.get(key)!.set(objective!.trim(), { vehicles: Number(vehicles), distance: Number(distance) });
  }
  return table;
}

function instancesOf(scale: number): Instance[] {
  const list: Instance[] = [];
  const folder = (name: string) => (existsSync(join(dataDir, name)) ? readdirSync(join(dataDir, name)).sort() : []);
  for (const file of folder('solomon')) {
    const name = basename(file, '.txt');
    list.push({ name, path: join(dataDir, 'solomon', file), format: 'solomon', family: 'solomon', customers: 100, budget: 5 * scale, group: name.replace(/\d\d$/, '') });
  }
  for (const file of folder('homberger')) {
    const name = basename(file, '.txt');
    const size = Number(/_(\d+)_/.exec(name)?.[1] ?? 2) * 100;
    const budget = size <= 200 ? 20 : size <= 400 ? 30 : 60;
    list.push({ name, path: join(dataDir, 'homberger', file), format: 'homberger', family: 'homberger', customers: size, budget: budget * scale, group: `GH${size}-${name.split('_')[0]!.toUpperCase()}` });
  }
  for (const file of folder('cvrp')) {
    const name = basename(file, '.vrp');
    const size = Number(/-n(\d+)/.exec(name)?.[1] ?? 100);
    list.push({ name, path: join(dataDir, 'cvrp', file), format: 'cvrplib', family: 'cvrp', customers: size - 1, budget: 2.4 * size * scale, group: 'X' });
  }
  return list;
}

function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

async function runOne(instance: Instance, objective: BenchmarkObjective, bks: Map<string, Bks> | undefined): Promise<Outcome> {
  const distanceBks = bks?.get('distance')?.distance;
  const hierarchical = bks?.get('vehicles_then_distance');
  const reference = objective === 'distance' ? distanceBks : hierarchical?.distance ?? distanceBks;
  let within5: number | null = null;
  let within1: number | null = null;
  // With the distance objective the search's cost is the distance itself (instance-problem.ts).
  const onBest = (cost: number, seconds: number) => {
    if (objective !== 'distance' || distanceBks === undefined) return;
    if (within5 === null && cost <= distanceBks * 1.05) within5 = seconds;
    if (within1 === null && cost <= distanceBks * 1.01) within1 = seconds;
  };
  const summary = await solveFile(instance.path, { format: instance.format, objective, timeLimitSeconds: instance.budget, seed: 1, onBest });
  const check = checkInstancePlan(instanceFormats[instance.format](readFileSync(instance.path, 'utf8')), summary.routes);
  const feasible = check.feasible && summary.unrouted === 0 && Math.abs(check.distance - summary.distance) < 1e-6 * Math.max(1, check.distance);
  return {
    instance, objective, vehicles: summary.vehicles, distance: summary.distance,
    gapPercent: reference === undefined ? null : (summary.distance / reference - 1) * 100,
    vehiclesMatch: objective === 'vehicles-distance' && hierarchical ? summary.vehicles <= hierarchical.vehicles : null,
    feasible, seconds: summary.seconds, within5, within1,
  };
}

function mean(values: number[]): number | null {
  return values.length === 0 ? null : round(values.reduce((sum, value) => sum + value, 0) / values.length, 3);
}

function summarize(name: string, outcomes: Outcome[], extra: Record<string, number | string | null> = {}): void {
  const gaps = (objective: BenchmarkObjective) => outcomes.filter((o) => o.objective === objective && o.gapPercent !== null).map((o) => o.gapPercent!);
  const hierarchical = outcomes.filter((o) => o.vehiclesMatch !== null);
  report(name, {
    instances: new Set(outcomes.map((o) => o.instance.name)).size,
    meanGapDistancePercent: mean(gaps('distance')),
    meanGapHierarchicalPercent: mean(gaps('vehicles-distance')),
    bksVehicleMatches: hierarchical.length === 0 ? null : `${hierarchical.filter((o) => o.vehiclesMatch).length}/${hierarchical.length}`,
    infeasible: outcomes.filter((o) => !o.feasible).length,
    meanSeconds: mean(outcomes.map((o) => o.seconds)),
    ...extra,
  });
}

export async function run(): Promise<void> {
  if (!existsSync(join(dataDir, 'bks.csv'))) {
    report('vrp.skipped', { reason: `${dataDir} is not on this machine` });
    return;
  }
  // As the server does: FLEETROUTE_SOLVE_THREADS sets the searches per solve.
  setOperationLimits({ ...operationLimits(), solveThreads: loadConfig([], process.env).config.solveThreads });
  const scale = Number(process.env.FLEETROUTE_VRP_BENCH_SCALE ?? 1);
  const only = new RegExp(process.env.FLEETROUTE_VRP_BENCH_ONLY ?? '.', 'i');
  const objectives = (process.env.FLEETROUTE_VRP_BENCH_OBJECTIVES ?? 'vehicles-distance,distance').split(',') as BenchmarkObjective[];
  const bks = readBks();
  const outcomes: Outcome[] = [];
  for (const instance of instancesOf(scale).filter((item) => only.test(item.name))) {
    // CVRP has no fleet cost: only the distance objective means anything there.
    for (const objective of instance.family === 'cvrp' ? ['distance' as const] : objectives) {
      const outcome = await runOne(instance, objective, bks.get(instance.name.toLowerCase()));
      outcomes.push(outcome);
      report('vrp.instance', {
        instance: instance.name, group: instance.group, objective, budgetS: instance.budget, vehicles: outcome.vehicles,
        distance: round(outcome.distance), gapPercent: outcome.gapPercent === null ? null : round(outcome.gapPercent, 3),
        bksVehicles: outcome.vehiclesMatch === null ? null : outcome.vehiclesMatch ? 'matched' : 'more',
        feasible: outcome.feasible ? 'yes' : 'NO', seconds: round(outcome.seconds), within5PercentS: outcome.within5, within1PercentS: outcome.within1,
      });
    }
  }
  for (const group of new Set(outcomes.map((o) => o.instance.group))) summarize('vrp.class', outcomes.filter((o) => o.instance.group === group), { class: group });
  const solomon = outcomes.filter((o) => o.instance.family === 'solomon');
  if (solomon.length > 0) {
    const solomonGap = mean(solomon.filter((o) => o.objective === 'distance').map((o) => o.gapPercent!).filter(Number.isFinite));
    summarize('vrp.solomon', solomon, {
      vroomMeanGapPercent: VROOM.solomonMeanGapPercent, goalMeanGapPercent: GOALS.solomonMeanGapPercent,
      gapVsVroom: solomonGap === null ? null : round(solomonGap / VROOM.solomonMeanGapPercent, 3),
      vroomVehicleMatches: `${VROOM.solomonVehicleMatches}/56`, goalVehicleMatches: `${GOALS.solomonVehicleMatches}/56`,
    });
  }
  const homberger = outcomes.filter((o) => o.instance.family === 'homberger');
  if (homberger.length > 0) summarize('vrp.homberger', homberger, { goal1000GapPercent: GOALS.homberger1000GapPercent });
  const cvrp = outcomes.filter((o) => o.instance.family === 'cvrp');
  if (cvrp.length > 0) summarize('vrp.cvrp', cvrp, { goalGapPercent: GOALS.cvrpGapPercent });
}
