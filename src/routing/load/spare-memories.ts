import { ADDRESS_SPACE_BYTES, SharedRegions, type Hierarchy } from '../../kernels/index.js';

/** Of a spare memory, the share metrics may fill: the rest is left to the scratch slots of the threads routing there. */
const METRIC_SHARE = 0.75;

/**
 * The spare routing memories of a profile (MemoryChain), for the metrics built on first use that its own memory
 * has no room for. Enough for the metrics a profile can be expected to build: one per time slot of the traffic
 * model besides the default and, for a profile that checks truck dimensions, as many again for one truck class.
 * Each takes about the default hierarchy's bytes (it is contracted in the same order) and its arc weights and
 * durations. One at least: a memory costs a reservation of address space, not memory, until a metric claims it.
 */
export function spareMemories(defaultHierarchy: Hierarchy, roadArcCount: number, timeSlots: number, checksDimensions: boolean): WebAssembly.Memory[] {
  const metrics = (timeSlots - 1) + (checksDimensions ? timeSlots : 0);
  const metricBytes = defaultHierarchy.byteLength + 2 * Uint32Array.BYTES_PER_ELEMENT * roadArcCount;
  const count = Math.max(1, Math.ceil((metrics * metricBytes) / (METRIC_SHARE * ADDRESS_SPACE_BYTES)));
  return Array.from({ length: count }, () => SharedRegions.create().memory);
}
