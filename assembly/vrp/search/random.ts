// The search's random numbers: xorshift64*, seeded by the host so that every run is reproducible.
let state: u64 = 0x9e3779b97f4a7c15;

export function seedRandom(seed: u64): void {
  state = seed * 0x9e3779b97f4a7c15 + 0x632be59bd9b4e019;
  if (state == 0) state = 1;
}

function next(): u64 {
  state ^= state >> 12;
  state ^= state << 25;
  state ^= state >> 27;
  return state * 0x2545f4914f6cdd1d;
}

/** Uniform in [0, 1). */
export function uniform(): f64 {
  return <f64>(next() >> 11) * (1.0 / 9007199254740992.0);
}

/** Uniform integer in [0, bound). */
export function below(bound: i32): i32 {
  return <i32>(uniform() * <f64>bound);
}
