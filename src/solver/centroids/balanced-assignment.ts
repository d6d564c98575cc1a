/**
 * The assignment step of the capacity-balanced k-means (docs/api.md, Dispatching): a job only one driver may take goes
 * to that driver; the others, most constrained first (largest regret between their nearest and second
 * nearest centroid), go to the nearest centroid that still has room. Room is the fair share of the jobs plus
 * a tenth, so no territory is overloaded; a driver left without jobs then takes its nearest from a driver
 * who has more than one, so no territory is empty.
 */
export interface AssignmentInput {
  /** Drivers each job may take. */
  assignable: readonly (readonly number[])[];
  driverCount: number;
  /** Row-major driver × job travel times. */
  times: Float64Array;
}

const SLACK = 1.1;

function regretOrder(input: AssignmentInput, jobs: number[]): number[] {
  const jobCount = input.assignable.length;
  const regret = (job: number) => {
    const times = input.assignable[job]!.map((driver) => input.times[driver * jobCount + job]!).sort((a, b) => a - b);
    return (times[1] ?? Infinity) - times[0]!;
  };
  const regrets = new Map(jobs.map((job) => [job, regret(job)]));
  return jobs.sort((a, b) => regrets.get(b)! - regrets.get(a)! || a - b);
}

function fillEmpty(input: AssignmentInput, owner: Int32Array, loads: number[]): void {
  const jobCount = input.assignable.length;
  for (let driver = 0; driver < input.driverCount; driver++) {
    if (loads[driver]! > 0) continue;
    let best = -1;
    for (let job = 0; job < jobCount; job++) {
      if (!input.assignable[job]!.includes(driver) || loads[owner[job]!]! < 2) continue;
      if (best < 0 || input.times[driver * jobCount + job]! < input.times[driver * jobCount + best]!) best = job;
    }
    if (best < 0) continue;
    loads[owner[best]!]!--;
    owner[best] = driver;
    loads[driver] = 1;
  }
}

/** The driver of each job (−1 for jobs no driver may take). */
export function balancedAssignment(input: AssignmentInput): Int32Array {
  const jobCount = input.assignable.length;
  const owner = new Int32Array(jobCount).fill(-1);
  const loads = new Array<number>(input.driverCount).fill(0);
  const assignableJobs = input.assignable.flatMap((drivers, job) => (drivers.length > 0 ? [job] : []));
  const room = Math.ceil((SLACK * assignableJobs.length) / Math.max(1, input.driverCount));
  const shared: number[] = [];
  for (const job of assignableJobs) {
    const drivers = input.assignable[job]!;
    if (drivers.length > 1) shared.push(job);
    else loads[(owner[job] = drivers[0]!)]!++;
  }
  for (const job of regretOrder(input, shared)) {
    const byTime = [...input.assignable[job]!].sort((a, b) => input.times[a * jobCount + job]! - input.times[b * jobCount + job]!);
    const driver = byTime.find((candidate) => loads[candidate]! < room) ?? byTime[0]!;
    owner[job] = driver;
    loads[driver]!++;
  }
  fillEmpty(input, owner, loads);
  return owner;
}
