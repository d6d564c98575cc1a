/**
 * What a server loads before it can compute: each loader produces a descriptor that every worker attaches (see
 * src/pool/worker-resources.ts) and, optionally, a summary for /v1/version.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';

export interface LoadedResource {
  descriptor: unknown;
  summary?: Record<string, unknown>;
  /** The cache files it was loaded from, kept while they are served (cache-keeper.ts). */
  cacheFiles?: string[];
}

/** Work a resource does while it is served, off the threads that answer requests; stopped when it is replaced. */
export interface BackgroundWork {
  stop(): Promise<void>;
}

export interface ResourceLoader {
  /** The name workers find the resource under (`workerResource(name)`). */
  name: string;
  /**
   * Module (file URL) each worker imports at start: it registers the attacher that turns the descriptor into the
   * resource. Without one, workers see the descriptor itself.
   */
  workerModule?: string;
  load(config: Config, announce: (line: string) => void): Promise<LoadedResource>;
  /** Started once the pool serves the loaded resource. */
  startBackgroundWork?(descriptor: unknown, log: FastifyBaseLogger): BackgroundWork;
}

/** The product's resources, in loading order: the road map, then the geocoder built from the same extract. */
export async function productResourceLoaders(): Promise<ResourceLoader[]> {
  const [{ routingResourceLoader }, { geocoderResourceLoader }] = await Promise.all([
    import('../routing/load/routing-resource-loader.js'),
    import('../geocode/service/geocoder-resource.js'),
  ]);
  return [routingResourceLoader, geocoderResourceLoader];
}
