// One entry per benchmark file (`npm run bench -- <name>`); each benchmark module exports `run(): Promise<void>`
// (or `run(options)` for a benchmark with `--option value` arguments).

/** `--option value` arguments of the command line, by option name. */
export type BenchOptions = Record<string, string>;

export const benchmarks: Record<string, (options: BenchOptions) => Promise<void>> = {
  evaluate: async () => (await import('./evaluate.bench.js')).run(),
  http: async () => (await import('./http.bench.js')).run(),
  routing: async () => (await import('./routing.bench.js')).run(),
  turns: async () => (await import('./turns.bench.js')).run(),
  'profile-order': async () => (await import('./profile-order.bench.js')).run(),
  'path-http': async () => (await import('./path-http.bench.js')).run(),
  'matrix-http': async () => (await import('./matrix-http.bench.js')).run(),
  geocode: async () => (await import('./geocode.bench.js')).run(),
  'geocode-accuracy': async () => (await import('./geocode-accuracy.bench.js')).run(),
  vrp: async () => (await import('./vrp.bench.js')).run(),
  sequence: async () => (await import('./sequence.bench.js')).run(),
  ops: async () => (await import('./ops.bench.js')).run(),
  scale: async () => (await import('./scale.bench.js')).run(),
  isolation: async () => (await import('./isolation.bench.js')).run(),
  unrouted: async () => (await import('./unrouted.bench.js')).run(),
  'ui-tiles': async () => (await import('./ui-tiles.bench.js')).run(),
  soak: async () => (await import('./soak.bench.js')).run(),
  'scale-map': async (options) => (await import('./scale-map.bench.js')).run(options),
  'geocode-scale': async (options) => (await import('./geocode-scale.bench.js')).run(options),
};

/** Benchmarks that run only when named: they last half an hour, or import a country. */
export const onlyWhenNamed = new Set(['soak', 'scale-map', 'geocode-scale']);
