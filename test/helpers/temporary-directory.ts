// Temporary directories are removed when the test process exits, not in a teardown: helpers such as
// AsciiMap.load() make them with no test at hand to tear them down, and the process exits however a test
// ended, so a failed assertion or a thrown error leaves nothing behind in the temporary folder either.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const made: string[] = [];

function removeMade(): void {
  // force: a test may have removed its directory itself.
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
}

/** A new empty directory in the system's temporary folder, named `prefix` and a random suffix. */
export function temporaryDirectory(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (made.push(dir) === 1) process.once('exit', removeMade);
  return dir;
}
