/**
 * Progress of `fleetroute import` on stderr: a redrawn bar on a terminal, one plain line per phase start and
 * end otherwise (logs and CI keep a readable record instead of carriage-return noise).
 */
const BAR_WIDTH = 30;

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export function importProgress(stream: ProgressStream): { update(phase: string, fraction: number): void; finish(): void } {
  let current = '';
  let drawn = -1;
  return {
    update(phase, fraction) {
      if (stream.isTTY) {
        const filled = Math.round(Math.min(1, Math.max(0, fraction)) * BAR_WIDTH);
        if (phase === current && filled === drawn) return;
        stream.write(`\r${phase.padEnd(9)} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${Math.round(fraction * 100)}%`);
        drawn = filled;
      } else if (phase !== current) {
        stream.write(`${phase}…\n`);
      }
      current = phase;
    },
    finish() {
      if (stream.isTTY && current) stream.write('\n');
    },
  };
}
