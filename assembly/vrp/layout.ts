// The memory layout shared with TypeScript (mirrored in src/kernels/vrp-layout.ts, which checks these
// exported values when the module loads). All arrays are laid out by the host; indices below are per entry.

// ── Problem header: Float64Array, one slot per field; pointers and counts are exact in f64. ──
export const H_PLACE_COUNT: i32 = 0;
export const H_JOB_COUNT: i32 = 1;
export const H_ROUTE_COUNT: i32 = 2;
export const H_CLASS_COUNT: i32 = 3;
export const H_LOAD_METRICS: i32 = 4;           // 0..4 capacity metrics in use
export const H_ATTRIBUTE_WORDS: i32 = 5;        // u32 words per depot-attribute bitset
export const H_HARD_WINDOWS: i32 = 6;           // 1 when time windows are hard
export const H_CRITICAL_MASK: i32 = 7;          // bit per violation type (stop bits, then route bits) made hard
export const H_LEGAL_BREAKS: i32 = 8;           // 1 when legal breaks are enabled
export const H_LEGAL_DURATION: i32 = 9;         // seconds
export const H_LEGAL_INTERVAL: i32 = 10;        // seconds of driving between legal breaks
export const H_CLASS_DURATIONS: i32 = 11;       // → u32[class]: pointer to f64[(slot * N + from) * N + to], -1 unreachable
export const H_CLASS_DISTANCES: i32 = 12;       // → u32[class]: pointer to f64[from * N + to], metres
export const H_CLASS_SLOTS: i32 = 13;           // → i32[class]: hour slots of the durations (1 or 24)
export const H_JOB_LOCATION: i32 = 14;          // → i32[job]: place
export const H_JOB_EXIT_LOCATION: i32 = 15;     // → i32[job]: place of a linked job's exit, -1 without
export const H_JOB_TIME_ON_SITE: i32 = 16;      // → f64[job]
export const H_JOB_EXIT_TIME_ON_SITE: i32 = 17; // → f64[job]
export const H_JOB_WINDOW_COUNT: i32 = 18;      // → i32[job]: 0, 1 or 2
export const H_JOB_WINDOWS: i32 = 19;           // → f64[job * JOB_WINDOW_STRIDE + 2w + {0 start, 1 end}], sorted by start
export const H_JOB_LOADS: i32 = 20;             // → f64[job * MAX_METRICS + metric]; + delivery, − pickup
export const H_JOB_PRE_DEPOT_NEED: i32 = 21;    // → u32[job * W + word]: attributes the last depot before must have
export const H_JOB_POST_DEPOT_NEED: i32 = 22;   // → u32[job * W + word]: attributes the next depot after must have
export const H_PLACE_DEPOT_ATTRIBUTES: i32 = 23;// → u32[place * W + word]
export const H_ROUTE_VISIT_START: i32 = 24;     // → i32[route]: first index into the visit arrays
export const H_ROUTE_VISIT_COUNT: i32 = 25;     // → i32[route]
export const H_VISITS: i32 = 26;                // → i32[visit]: job index ≥ 0, or −(place + 1) for a depot visit
export const H_VISIT_FAULTS: i32 = 27;          // → u32[visit]: stop violation bits known before timing (attributes, drivers, dates)
export const H_ROUTE_CLASS: i32 = 28;           // → i32[route]: travel class
export const H_ROUTE_START_PLACE: i32 = 29;     // → i32[route]: −1 when the route starts at its first job
export const H_ROUTE_END_PLACE: i32 = 30;       // → i32[route]: −1 when the route ends at its last job
export const H_ROUTE_PARAMETERS: i32 = 31;      // → f64[route * RP_STRIDE + RP_*]
export const H_ROUTE_BREAK_START: i32 = 32;     // → i32[route]: first index into the break array
export const H_ROUTE_BREAK_COUNT: i32 = 33;     // → i32[route]
export const H_BREAKS: i32 = 34;                // → f64[break * BREAK_STRIDE + BREAK_*], sorted by earliest start
export const H_ROUTE_LEG_START: i32 = 35;       // → i32[route]: first entry of the route's legs, −1: legs from the class matrix
export const H_LEG_DURATIONS: i32 = 36;         // → f64[leg * slots + slot] (slots of the route's class), −1 unreachable
export const H_LEG_DISTANCES: i32 = 37;         // → f64[leg], −1 unreachable
export const H_JOB_ROUTE_PULL: i32 = 38;       // → f64[job * routes + route]: driver.centroid pull; empty when none
export const H_CENTROID_PULLS: i32 = 39;       // 1 when H_JOB_ROUTE_PULL has entries
export const H_CLASS_UNSAFE_PLACES: i32 = 40;  // → u32[class]: pointer to u8[place], 1 where only a road the place's type forbids reaches it
export const H_LEG_UNSAFE: i32 = 41;           // → u8[leg]: 1 when the given leg ends at such a place
export const H_ANY_UNSAFE: i32 = 42;           // 1 when some class has an unsafe place
export const HEADER_SIZE: i32 = 43;
// A route's legs, when given, are listed in the order timeRoute drives them: start place → first stop (when
// the route has a start place), each job's location, its exit location, each depot visit, the end place.

// ── Route parameters: f64[route * RP_STRIDE + field]; absent limits are +Infinity. ──
export const RP_START_TIME: i32 = 0;
export const RP_END_TIME: i32 = 1;
export const RP_MAX_WORKING: i32 = 2;
export const RP_MAX_DRIVING: i32 = 3;
export const RP_NORMAL_WORKING: i32 = 4;
export const RP_COST_PER_HOUR: i32 = 5;
export const RP_COST_PER_KM: i32 = 6;
export const RP_FIXED_COST: i32 = 7;
export const RP_MAX_JOBS: i32 = 8;
export const RP_CAPACITY: i32 = 9;              // 9..12: capacity per metric
export const RP_CLOCK_CHANGE: i32 = 13;         // seconds after midnight at which the wall clock jumps; +Infinity: never
export const RP_CLOCK_SHIFT: i32 = 14;          // how far it jumps (seconds: +3600 forward, −3600 back)
export const RP_STRIDE: i32 = 15;

// ── A job's time windows (at most two) and a driver break, in their f64 arrays. ──
export const JOB_WINDOW_STRIDE: i32 = 4;
export const BREAK_EARLIEST_START: i32 = 0;
export const BREAK_LATEST_START: i32 = 1;
export const BREAK_LENGTH: i32 = 2;
export const BREAK_STRIDE: i32 = 3;

// ── Itinerary: one record of STOP_STRIDE f64 per stop, in route order. ──
export const S_KIND: i32 = 0;        // STOP_* below
export const S_REF: i32 = 1;         // job index (job, job exit), place (depots), break index (break), ordinal (legal break)
export const S_PLACE: i32 = 2;       // place of the stop, −1 for breaks
export const S_ARRIVAL: i32 = 3;
export const S_IDLE: i32 = 4;        // waiting before service starts
export const S_DEPARTURE: i32 = 5;   // arrival + idle + time on site
export const S_TIME_ON_SITE: i32 = 6;
export const S_DISTANCE_TO: i32 = 7; // metres from the previous stop
export const S_TIME_TO: i32 = 8;     // driving seconds from the previous stop
export const S_VIOLATIONS: i32 = 9;  // stop violation bits
export const S_SERVICE_START: i32 = 10;
export const S_WINDOW_END: i32 = 11; // end of the window the service was measured against (+Infinity without)
export const S_LOAD: i32 = 12;       // 12..15: load on board after the stop, per metric
export const STOP_STRIDE: i32 = 16;

export const STOP_START_DEPOT: i32 = 0;
export const STOP_JOB: i32 = 1;
export const STOP_JOB_EXIT: i32 = 2;
export const STOP_DEPOT_VISIT: i32 = 3;
export const STOP_BREAK: i32 = 4;
export const STOP_LEGAL_BREAK: i32 = 5;
export const STOP_END_DEPOT: i32 = 6;

// ── Route summary: f64[R_* ], written by timeRoute. ──
export const R_STOP_COUNT: i32 = 0;     // stops the itinerary needs (more than its capacity means: call again larger)
export const R_JOB_COUNT: i32 = 1;
export const R_DISTANCE: i32 = 2;
export const R_DRIVING: i32 = 3;
export const R_WORKING: i32 = 4;
export const R_IDLE: i32 = 5;
export const R_START: i32 = 6;
export const R_END: i32 = 7;
export const R_COST: i32 = 8;
export const R_INTERNAL_COST: i32 = 9;
export const R_VIOLATIONS: i32 = 10;    // route violation bits
export const R_BREAKS_NOT_TAKEN: i32 = 11;
export const R_PEAK_LOAD: i32 = 12;     // 12..15: highest load on board per metric
export const R_VIOLATION_COUNT: i32 = 16; // stop and route violations together
export const R_LATENESS: i32 = 17;      // total seconds of service after window ends (NaN from a segment summary of a late route)
export const ROUTE_SUMMARY_SIZE: i32 = 18;

// ── Violation bits: the order of src/problem/violation-types.ts. ──
export const V_TIME_WINDOW: u32 = 1 << 0;
export const V_PRE_DEPOT: u32 = 1 << 8;
export const V_POST_DEPOT: u32 = 1 << 9;
export const V_NO_SAFE_ROUTE: u32 = 1 << 10;
export const STOP_VIOLATION_TYPES: i32 = 11;
export const RV_MAX_WORKING: u32 = 1 << 0;
export const RV_MAX_DRIVING: u32 = 1 << 1;
export const RV_END_TIME: u32 = 1 << 2;
export const RV_LOAD_CAPACITY: u32 = 1 << 3;
export const RV_MAX_JOBS: u32 = 1 << 4;
export const RV_BREAK_NOT_TAKEN: u32 = 1 << 5;
export const RV_OVERTIME: u32 = 1 << 6;

export const MAX_METRICS: i32 = 4;
