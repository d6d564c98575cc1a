/**
 * Progress of `fleetroute import` on stderr: a redrawn bar with the phase's rate and time left on a terminal,
 * one plain line per phase start otherwise (logs and CI keep a readable record instead of carriage-return noise).
 */
const BAR_WIDTH = 30;
/** Below this share of a phase its rate says nothing yet about the time left. */
const FRACTION_FOR_ESTIMATE = 0.02;

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

function seconds(value: number): string {
  return value >= 60 ? `${Math.floor(value / 60)} min ${Math.round(value % 60)} s` : `${value.toFixed(value < 10 ? 1 : 0)} s`;
}

/** `42% 6.1 %/s, 9.5 s left` once the phase has run long enough to tell; the percentage alone before. */
function pace(fraction: number, elapsedSeconds: number): string {
  const percent = `${Math.round(fraction * 100)}%`;
  if (fraction < FRACTION_FOR_ESTIMATE || fraction >= 1 || elapsedSeconds <= 0) return percent;
  const rate = (fraction * 100) / elapsedSeconds;
  return `${percent} ${rate.toFixed(rate < 10 ? 1 : 0)} %/s, ${seconds((elapsedSeconds * (1 - fraction)) / fraction)} left`;
}

export function importProgress(stream: ProgressStream, now: () => number = () => performance.now()): { update(phase: string, fraction: number): void; finish(): void } {
  let current = '';
  let drawn = '';
  let phaseStarted = now();
  return {
    update(phase, fraction) {
      if (phase !== current) phaseStarted = now();
      if (stream.isTTY) {
        const clamped = Math.min(1, Math.max(0, fraction));
        const filled = Math.round(clamped * BAR_WIDTH);
        const line = `\r${phase.padEnd(9)} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${pace(clamped, (now() - phaseStarted) / 1000)}`;
        // Padded so that a shorter line wipes the end of a longer one.
        if (line !== drawn) stream.write(line.padEnd(drawn.length));
        drawn = line;
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
