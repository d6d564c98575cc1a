/**
 * Task workers run at a lower OS priority than the HTTP thread and the sync lane, so that a burst of planning
 * work cannot starve `/v1/path` of CPU (docs/isolation.md). On Linux a nice value belongs to one thread
 * (`setpriority` on "process 0" is the calling thread) and threads inherit it from the thread that creates them,
 * so a worker lowering itself also lowers the search threads it starts. Elsewhere it would lower the whole
 * process, HTTP thread included, so it is not done there.
 */
import { setPriority } from 'node:os';

/** Nice value of task workers: CFS then gives a runnable thread at 0 about nine times their share of a core. */
export const taskWorkerNiceness = 10;

export function lowerThreadPriority(niceness: number): void {
  if (niceness === 0 || process.platform !== 'linux') return;
  try {
    setPriority(niceness);
  } catch {
    // A sandbox may refuse it; the lanes then share the cores at equal priority, as before.
  }
}
