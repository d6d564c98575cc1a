/**
 * The worker side of the routing map: attaches a RoutingMapDescriptor (kernels instantiated on the shared
 * memory, one ProfileRouter per loaded profile) and registers itself as the `routing` worker resource.
 * Operations reach it through `routingMap()`, which also attaches lazily when the worker stored the bare
 * descriptor because the routing worker module (routing-worker.ts) was not imported before the worker
 * attached its resources.
 */
import { RoutingKernels, SharedRegions, warmUp } from '../../kernels/index.js';
import type { ProfileName } from '../../map/profiles/index.js';
import { AppError } from '../../errors.js';
import { setWorkerResource, workerResource } from '../../pool/worker-resources.js';
import { ProfileRouter } from '../query/profile-router.js';
import type { RoutingMapDescriptor, RoutingMapSummary } from './routing-map-descriptor.js';

export const ROUTING_RESOURCE = 'routing';

/** The routing map as one thread sees it: a router per loaded profile, all on this thread's kernels. */
export class RoutingMap {
  constructor(
    readonly summary: RoutingMapSummary,
    private readonly routers: Map<ProfileName, ProfileRouter>,
  ) {}

  /** The router of a profile; a request for a profile the service did not load is refused clearly. */
  router(profile: ProfileName): ProfileRouter {
    const router = this.routers.get(profile);
    if (!router) throw new AppError('service_unavailable_error', `This service has no ${profile} road graph loaded`);
    return router;
  }
}

/** Instantiates the kernels on the shared memory for this thread and warms them up on the first map. */
export function attachRoutingMap(descriptor: RoutingMapDescriptor): RoutingMap {
  const regions = SharedRegions.attach(descriptor.memory);
  const kernels = RoutingKernels.attach(descriptor.memory);
  const routers = new Map(descriptor.maps.map((map) => [map.profile, new ProfileRouter(map, regions, kernels, descriptor.traffic)] as const));
  const first = descriptor.maps[0];
  if (first) warmUp(kernels, first.hierarchy);
  return new RoutingMap(descriptor.summary, routers);
}

/** This thread's routing map; 503 while the service has none. */
export function routingMap(): RoutingMap {
  const resource = workerResource<RoutingMap | RoutingMapDescriptor>(ROUTING_RESOURCE);
  if (resource instanceof RoutingMap) return resource;
  if (!resource) throw new AppError('service_unavailable_error', 'No road map is loaded');
  const attached = attachRoutingMap(resource);
  setWorkerResource(ROUTING_RESOURCE, attached);
  return attached;
}
