// `npm run bench [-- name …]`: runs the named benchmarks (all but the long ones of `onlyWhenNamed` when none is named).
// Each benchmark prints one JSON summary line per measurement and a readable table.
import { benchmarks, onlyWhenNamed } from './registry.js';

const requested = process.argv.slice(2);
const names = requested.length > 0 ? requested : Object.keys(benchmarks).filter((name) => !onlyWhenNamed.has(name));
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
