// `npm run bench [-- name … [--option value …]]`: runs the named benchmarks (all but the long ones of
// `onlyWhenNamed` when none is named), handing each the options (e.g. `scale-map --side 1000`).
// Each benchmark prints one JSON summary line per measurement and a readable table.
import { benchmarks, onlyWhenNamed, type BenchOptions } from './registry.js';

const requested: string[] = [];
const options: BenchOptions = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i++) {
  const arg = argv[i]!;
  if (arg.startsWith('--')) options[arg.slice(2)] = argv[++i] ?? '';
  else requested.push(arg);
}
const names = requested.length > 0 ? requested : Object.keys(benchmarks).filter((name) => !onlyWhenNamed.has(name));
for (const name of names) {
  const run = benchmarks[name];
  if (!run) {
    console.error(`unknown benchmark "${name}"; known: ${Object.keys(benchmarks).join(', ')}`);
    process.exitCode = 2;
    continue;
  }
  console.log(`\n## ${name}`);
  await run(options);
}
