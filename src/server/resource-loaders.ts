/**
 * What a server loads before it can compute: each loader produces a descriptor that every worker attaches (see
 * src/pool/worker-resources.ts) and, optionally, a summary for /v1/version.
 */
import type { Config } from '../config.js';

export interface LoadedResource {
  descriptor: unknown;
  summary?: Record<string, unknown>;
}

export interface ResourceLoader {
  /** The name workers find the resource under (`workerResource(name)`). */
  name: string;
  load(config: Config, announce: (line: string) => void): Promise<LoadedResource>;
}

/** The product's resources, in loading order. */
export const productResourceLoaders: ResourceLoader[] = [];
