// `npm run bench [-- name …]`: runs the named benchmarks (all when none is named).
// Each benchmark prints one JSON summary line per measurement and a readable table.
import { benchmarks } from './registry.js';

const requested = process.argv.slice(2);
const names = requested.length > 0 ? requested : Object.keys(benchmarks);
for (const name of names) {
  const run = benchmarks[name];
  if (!run) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(benchmarks).join(', ')}`);
    process.exitCode = 2;
    continue;
  }
  console.log(`\n## ${name}`);
  await run();
}
