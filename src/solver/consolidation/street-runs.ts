/**
 * Runs of jobs that follow each other along one named street (docs/api.md, Dispatching): the jobs of a street ordered
 * along it (by their snapped points' projection on the group's main axis, starting from the end the request
 * lists first), split where neighbours are more than `maxGapMeters` apart, where the next job can go on other
 * routes or vehicles (its assignment signature differs), or where the time windows would no longer overlap.
 * Runs of one job are not consolidations.
 */
import { haversineMeters } from '../../map/geo.js';
import type { Job } from '../../problem/model.js';
import type { StreetPosition } from './street-positions.js';

export interface Candidate {
  job: Job;
  position: StreetPosition;
  signature: string;
}

/** Metres east and north of a reference latitude (equirectangular: streets are short). */
function planar(position: StreetPosition, referenceLat: number): [number, number] {
  const metresPerDegree = 111320;
  return [position.lon * metresPerDegree * Math.cos((referenceLat * Math.PI) / 180), position.lat * metresPerDegree];
}

/** The group sorted along its principal axis, from the end nearer the job the request lists first. */
function alongStreet(group: Candidate[]): Candidate[] {
  const referenceLat = group[0]!.position.lat;
  const points = group.map((candidate) => planar(candidate.position, referenceLat));
  const mean = points.reduce(([x, y], [px, py]) => [x + px / points.length, y + py / points.length], [0, 0]);
  let [xx, xy, yy] = [0, 0, 0];
  for (const [x, y] of points) {
    xx += (x - mean[0]) ** 2;
    xy += (x - mean[0]) * (y - mean[1]);
    yy += (y - mean[1]) ** 2;
  }
  const angle = 0.5 * Math.atan2(2 * xy, xx - yy);
  const axis = [Math.cos(angle), Math.sin(angle)] as const;
  const projection = points.map(([x, y]) => x * axis[0] + y * axis[1]);
  const ordered = group.map((candidate, index) => ({ candidate, at: projection[index]! }))
    .sort((a, b) => a.at - b.at || a.candidate.job.index - b.candidate.job.index)
    .map(({ candidate }) => candidate);
  return ordered[0]!.job.index > ordered[ordered.length - 1]!.job.index ? ordered.reverse() : ordered;
}

/** The window shared by jobs with at most one window each; null when they share none, undefined when unconstrained. */
export function sharedWindow(jobs: readonly Job[]): { start: number; end: number } | undefined | null {
  let shared: { start: number; end: number } | undefined;
  for (const job of jobs) {
    const window = job.timeWindows[0];
    if (!window) continue;
    shared = shared ? { start: Math.max(shared.start, window.start), end: Math.min(shared.end, window.end) } : { ...window };
    if (shared.start > shared.end) return null;
  }
  return shared;
}

function splitRuns(ordered: Candidate[], maxGapMeters: number): Job[][] {
  const runs: Job[][] = [];
  let run: Candidate[] = [];
  for (const candidate of ordered) {
    const last = run[run.length - 1];
    const near = last && haversineMeters(last.position.lat, last.position.lon, candidate.position.lat, candidate.position.lon) <= maxGapMeters;
    if (last && (!near || last.signature !== candidate.signature || sharedWindow([...run, candidate].map(({ job }) => job)) === null)) {
      runs.push(run.map(({ job }) => job));
      run = [];
    }
    run.push(candidate);
  }
  runs.push(run.map(({ job }) => job));
  return runs.filter((jobs) => jobs.length > 1);
}

export function streetRuns(candidates: readonly Candidate[], maxGapMeters: number): Job[][] {
  const groups = new Map<string, Candidate[]>();
  for (const candidate of candidates) {
    const group = groups.get(candidate.position.street) ?? [];
    group.push(candidate);
    groups.set(candidate.position.street, group);
  }
  return [...groups.values()].flatMap((group) => splitRuns(alongStreet(group), maxGapMeters));
}
