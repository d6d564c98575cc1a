/**
 * One linked job standing for a run (docs/api.md, Dispatching): id `consolidated_<first id>`, the first
 * member's fields and location, the last member's location as `exit_location`, summed time on site and loads,
 * the members' shared time window, and `custom.inner_jobs` listing the members in order.
 */
import { formatTimeOfDay } from '../../conventions/time-of-day.js';
import { formatTimespan } from '../../conventions/timespan.js';
import type { Job } from '../../problem/model.js';
import { sharedWindow } from './street-runs.js';

function summedLoads(members: readonly Job[]): number[] {
  const metrics = Math.max(...members.map((job) => job.loads.length));
  return Array.from({ length: metrics }, (_, metric) => members.reduce((sum, job) => sum + (job.loads[metric] ?? 0), 0));
}

export function consolidatedJob(members: readonly Job[]): Record<string, unknown> {
  const first = members[0]!;
  const last = members[members.length - 1]!;
  const { id: _id, load: _load, loads: _loads, time_window: _window, time_window2: _window2, custom, ...fields } = first.source;
  const job: Record<string, unknown> = {
    id: `consolidated_${first.id}`,
    ...fields,
    location: first.source.location,
    exit_location: last.source.location,
    time_on_site: formatTimespan(members.reduce((sum, member) => sum + member.timeOnSite, 0)),
  };
  const window = sharedWindow(members);
  if (window) job.time_window = { start: formatTimeOfDay(window.start), end: formatTimeOfDay(window.end) };
  const loads = summedLoads(members);
  if (loads.length === 1) job.load = loads[0];
  if (loads.length > 1) job.loads = loads;
  const ownCustom = typeof custom === 'object' && custom !== null ? custom : {};
  job.custom = { ...ownCustom, inner_jobs: members.map((member) => member.id) };
  return job;
}
