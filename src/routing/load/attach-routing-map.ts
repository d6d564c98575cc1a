/**
 * The worker side of the served maps: attaches each RoutingMapDescriptor (kernels instantiated on each profile's
 * shared memory, one ProfileRouter per loaded profile) and registers them as the `routing` worker resource.
 * Operations reach the map of the request they answer through `routingMap()` (request-map.ts); the served maps attach lazily
 * when the worker stored the bare descriptors because the routing worker module (routing-worker.ts) was not
 * imported before the worker attached its resources.
 */
import { RoutingKernels, SharedRegions, warmUp } from '../../kernels/index.js';
import type { ProfileName } from '../../map/profiles/index.js';
import { AppError } from '../../errors.js';
import { setWorkerResource, workerResource } from '../../pool/worker-resources.js';
import type { MapArea } from '../area/map-area.js';
import { chooseMap, type LocatedPoint, type MapChoice } from '../area/map-choice.js';
import { ProfileRouter } from '../query/profile-router.js';
import type { RoutingMapDescriptor, RoutingMapSummary } from './routing-map-descriptor.js';

export const ROUTING_RESOURCE = 'routing';

/** One served map as one thread sees it: a router per loaded profile, all on this thread's kernels. */
export class RoutingMap {
  constructor(
    readonly summary: RoutingMapSummary,
    readonly area: MapArea,
    private readonly routers: Map<ProfileName, ProfileRouter>,
  ) {}

  /** The router of a profile; a request for a profile the service did not load is refused clearly. */
  router(profile: ProfileName): ProfileRouter {
    const router = this.routers.get(profile);
    if (!router) throw new AppError('service_unavailable_error', `This service has no ${profile} road graph loaded`);
    return router;
  }
}

/** Every map the service serves, the first being the one requests without points are answered on. */
export class ServedMaps {
  constructor(readonly maps: readonly RoutingMap[]) {}

  get first(): RoutingMap {
    return this.maps[0]!;
  }

  choose(points: readonly LocatedPoint[]): MapChoice<RoutingMap> {
    return chooseMap(this.maps, points);
  }
}

/**
 * Instantiates the kernels on each profile's shared memory for this thread and warms them up on the first profile
 * (the instances share one compiled module, whose code the warm-up tiers up).
 */
export function attachRoutingMap(descriptor: RoutingMapDescriptor): RoutingMap {
  const routers = new Map<ProfileName, ProfileRouter>();
  descriptor.maps.forEach((map, index) => {
    const kernels = RoutingKernels.attach(map.memory);
    if (index === 0) warmUp(kernels, map.hierarchy);
    routers.set(map.profile, new ProfileRouter(map, kernels, descriptor.traffic));
  });
  return new RoutingMap(descriptor.summary, descriptor.area, routers);
}

export function attachServedMaps(descriptors: readonly RoutingMapDescriptor[]): ServedMaps {
  return new ServedMaps(descriptors.map(attachRoutingMap));
}

/** This thread's served maps; undefined while the service has none. */
export function loadedMaps(): ServedMaps | undefined {
  const resource = workerResource<ServedMaps | RoutingMapDescriptor[]>(ROUTING_RESOURCE);
  if (resource instanceof ServedMaps) return resource;
  if (!resource || resource.length === 0) return undefined;
  const attached = attachServedMaps(resource);
  setWorkerResource(ROUTING_RESOURCE, attached);
  return attached;
}

/** This thread's served maps; 503 while the service has none. */
export function servedMaps(): ServedMaps {
  const maps = loadedMaps();
  if (!maps) throw new AppError('service_unavailable_error', 'No road map is loaded');
  return maps;
}
