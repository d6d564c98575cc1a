/** The benchmark file formats by name, and a guess from the file when none is given. */
import { parseCvrplib } from './cvrplib.js';
import { parseSolomon } from './solomon.js';
import type { BenchmarkInstance } from './benchmark-instance.js';

export const instanceFormats = {
  solomon: parseSolomon,
  homberger: parseSolomon,
  cvrplib: parseCvrplib,
} as const satisfies Record<string, (text: string) => BenchmarkInstance>;

export type InstanceFormat = keyof typeof instanceFormats;

export function guessInstanceFormat(path: string, text: string): InstanceFormat {
  if (path.endsWith('.vrp') || /^\s*NAME\s*:/m.test(text)) return 'cvrplib';
  return 'solomon';
}
