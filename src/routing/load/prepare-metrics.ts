/**
 * The metrics of every time slot (the traffic patterns of the week and the hours of conditional restrictions),
 * prepared by an import so that serving never contracts them: a request in a pattern's hours would otherwise wait
 * for its contraction, minutes on a million road nodes (docs/scale.md). Each is contracted into the map cache and
 * let go; a served process reads it from there on first use. Trucks are prepared for the dimension class of a
 * truck that gives no dimensions; the other classes stay built on first use.
 */
import { RoutingKernels } from '../../kernels/index.js';
import { dimensionClassById } from '../../map/profiles/dimension-classes.js';
import { PROFILES, type ProfileName } from '../../map/profiles/index.js';
import type { MetricSelection } from '../query/metric-selection.js';
import { ProfileRouter } from '../query/profile-router.js';
import type { RoutingMapDescriptor } from './routing-map-descriptor.js';

export interface PreparedMetrics {
  /** Per profile: the time slots prepared and how many of them were contracted (the others were in the cache). */
  profiles: Partial<Record<ProfileName, { slots: number; contracted: number }>>;
  seconds: number;
}

function timeSlotSelections(router: ProfileRouter): MetricSelection[] {
  const vehicle = PROFILES[router.profile].checksDimensions ? { dimensionClass: dimensionClassById(0) } : {};
  return router.slots.pattern.map((_, timeSlot) => ({ ...vehicle, timeSlot }));
}

/**
 * The profiles contract side by side, each contraction in a thread of its own, and each profile's slots one after
 * the other: one contraction's working memory per profile at a time.
 */
export async function prepareTimeSlotMetrics(descriptor: RoutingMapDescriptor, onProgress?: (fraction: number) => void): Promise<PreparedMetrics> {
  const started = performance.now();
  const routers = descriptor.maps.map((map) => new ProfileRouter(map, RoutingKernels.attach(map.memory), descriptor.traffic));
  const selections = routers.map(timeSlotSelections);
  const total = selections.reduce((sum, list) => sum + list.length, 0);
  let done = 0;
  const contracted = await Promise.all(routers.map(async (router, index) => {
    let count = 0;
    for (const selection of selections[index]!) {
      if (await router.prepareMetric(selection)) count++;
      onProgress?.(++done / total);
    }
    return count;
  }));
  const profiles: PreparedMetrics['profiles'] = {};
  routers.forEach((router, index) => (profiles[router.profile] = { slots: selections[index]!.length, contracted: contracted[index]! }));
  return { profiles, seconds: (performance.now() - started) / 1000 };
}
