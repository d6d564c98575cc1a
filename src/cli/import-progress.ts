/**
 * Progress of `fleetroute import` on stderr: a redrawn bar with the phase's rate and time left on a terminal,
 * plain lines otherwise (logs and CI keep a readable record instead of carriage-return noise): one per phase
 * start, and one per tenth of a phase that has run a while since the last.
 */
const BAR_WIDTH = 30;
/** Below this share of a phase its rate says nothing yet about the time left. */
const FRACTION_FOR_ESTIMATE = 0.02;
/** Off a terminal, a phase's progress is written again at most this often, at a new tenth of it. */
const PLAIN_LINE_INTERVAL_MS = 10_000;

/**
 * Phases whose share done says little of their time, which show the time spent instead of a time left. The
 * contraction's is its share of nodes contracted, and the dense top of a hierarchy, contracted last, takes most of
 * the time (docs/ch.md: on a grid the first half of the nodes takes a tenth of it), so a time left drawn from it
 * would be several times too short. The metrics' is their share of time slots prepared: a slot with the default
 * weights takes no time, one contracted in the default order minutes, one in its own order several times that.
 */
const PHASES_WITHOUT_ESTIMATE = new Set(['contract', 'metrics']);

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

function seconds(value: number): string {
  return value >= 60 ? `${Math.floor(value / 60)} min ${Math.round(value % 60)} s` : `${value.toFixed(value < 10 ? 1 : 0)} s`;
}

/**
 * `42% 6.1 %/s, 9.5 s left` once the phase has run long enough to tell; the percentage alone before; for a phase
 * without an estimate, `42%, 3 min 5 s so far`.
 */
function pace(phase: string, fraction: number, elapsedSeconds: number): string {
  const percent = `${Math.round(fraction * 100)}%`;
  if (PHASES_WITHOUT_ESTIMATE.has(phase)) return fraction < 1 ? `${percent}, ${seconds(elapsedSeconds)} so far` : percent;
  if (fraction < FRACTION_FOR_ESTIMATE || fraction >= 1 || elapsedSeconds <= 0) return percent;
  const rate = (fraction * 100) / elapsedSeconds;
  return `${percent} ${rate.toFixed(rate < 10 ? 1 : 0)} %/s, ${seconds((elapsedSeconds * (1 - fraction)) / fraction)} left`;
}

export function importProgress(stream: ProgressStream, now: () => number = () => performance.now()): { update(phase: string, fraction: number): void; finish(): void } {
  let current = '';
  let drawn = '';
  let phaseStarted = now();
  let plainLineAt = phaseStarted;
  let plainTenth = 0;
  return {
    update(phase, fraction) {
      const time = now();
      if (phase !== current) phaseStarted = time;
      const clamped = Math.min(1, Math.max(0, fraction));
      const elapsedSeconds = (time - phaseStarted) / 1000;
      if (stream.isTTY) {
        const filled = Math.round(clamped * BAR_WIDTH);
        const line = `\r${phase.padEnd(9)} [${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}] ${pace(phase, clamped, elapsedSeconds)}`;
        // Padded so that a shorter line wipes the end of a longer one.
        if (line !== drawn) stream.write(line.padEnd(drawn.length));
        drawn = line;
      } else if (phase !== current) {
        stream.write(`${phase}…\n`);
        plainLineAt = time;
        plainTenth = 0;
      } else if (Math.floor(clamped * 10) > plainTenth && time - plainLineAt >= PLAIN_LINE_INTERVAL_MS) {
        stream.write(`${phase} ${pace(phase, clamped, elapsedSeconds)}\n`);
        plainLineAt = time;
        plainTenth = Math.floor(clamped * 10);
      }
      current = phase;
    },
    finish() {
      if (stream.isTTY && current) stream.write('\n');
    },
  };
}
