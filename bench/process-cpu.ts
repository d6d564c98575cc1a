/**
 * CPU time of processes from /proc (Linux), to tell where a multi-process bench spent the machine: a throughput
 * that stops scaling on a shared two-core host is explained by who held the cores. Elsewhere it reports nothing.
 */
import { readFileSync } from 'node:fs';

const ticksPerSecond = 100;

function cpuSeconds(pid: number): number | undefined {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

/** Starts a measurement over named groups of processes; `stop` gives the cores each group used meanwhile. */
export function measureCpu(groups: Record<string, number[]>): { stop(): Record<string, number> } {
  const started = performance.now();
  const before = Object.fromEntries(Object.entries(groups).map(([name, pids]) => [name, pids.map(cpuSeconds)]));
  return {
    stop() {
      const seconds = (performance.now() - started) / 1000;
      const cores: Record<string, number> = {};
      for (const [name, pids] of Object.entries(groups)) {
        const used = pids.reduce((sum, pid, i) => sum + ((cpuSeconds(pid) ?? 0) - (before[name]![i] ?? 0)), 0);
        if (before[name]!.every((value) => value !== undefined)) cores[name] = +(used / seconds).toFixed(2);
      }
      return cores;
    },
  };
}
