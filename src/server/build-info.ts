import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

function readText(specifier: string): string | undefined {
  try {
    return readFileSync(fileURLToPath(import.meta.resolve(specifier)), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** The package version and the commit the build was made from (written by `npm run build`). */
export function buildInfo(): { version: string; build: string } {
  const packageJson = JSON.parse(readText('../../../package.json') ?? '{}') as { version?: string };
  return { version: packageJson.version ?? '0.0.0', build: readText('#wasm/commit.txt') || 'unknown' };
}
