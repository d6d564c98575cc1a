/** Arcs as parallel typed arrays; `origin[a]` is the primary arc a copy was made from (itself otherwise). */
export interface ArcTable {
  count: number;
  tail: Uint32Array;
  head: Uint32Array;
  edge: Uint32Array;
  flags: Uint16Array;
  /** Free-flow speed of this direction, km/h; 0 when the duration is fixed (ferries with `duration`). */
  speedKmh: Float32Array;
  /** Time added whatever the speed: a ferry's tagged duration share, traffic-signal waits. */
  fixedMs: Uint32Array;
  origin: Uint32Array;
}
