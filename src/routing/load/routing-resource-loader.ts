/**
 * The server's `routing` resource: the maps of `--map FILE` (the embedded demo town without one) loaded before the
 * workers start (imported and contracted on first use, from the cache afterwards), their descriptors handed to
 * every worker and their summaries shown by /v1/version; once served, the metrics of their time slots are prepared
 * in the background where the cache lacks them (metric-preparation.ts).
 */
import { createHash } from 'node:crypto';
import { mapsToServe } from '../../map/demo-town-file.js';
import type { ResourceLoader } from '../../server/resource-loaders.js';
import { ROUTING_RESOURCE } from './attach-routing-map.js';
import { loadRoutingMap } from './load-routing-map.js';
import { startMetricPreparation } from './metric-preparation.js';
import type { RoutingMapDescriptor, RoutingMapSummary } from './routing-map-descriptor.js';

/**
 * The first map's summary, so that the fields of a single map keep their meaning, with every map listed and a hash
 * naming them all (the first map's own when it is the only one).
 */
function servedSummary(summaries: RoutingMapSummary[]): RoutingMapSummary {
  const hash = summaries.length === 1 ? summaries[0]!.hash
    : createHash('sha256').update(summaries.map((summary) => summary.hash).join(',')).digest('hex').slice(0, 16);
  return { ...summaries[0]!, hash, maps: summaries };
}

export const routingResourceLoader: ResourceLoader = {
  name: ROUTING_RESOURCE,
  workerModule: new URL('./routing-worker.js', import.meta.url).href,
  async load(config, announce) {
    const descriptors: RoutingMapDescriptor[] = [];
    const cacheFiles: string[] = [];
    for (const mapFile of mapsToServe(config.maps)) {
      let phase = '';
      const { descriptor, summary, cacheFiles: files } = await loadRoutingMap({
        ...(mapFile && { mapFile }),
        ...(config.trafficFile && { trafficFile: config.trafficFile }),
        dataDir: config.dataDir,
        onProgress: (next) => {
          if (next !== phase) announce(`Loading map: ${(phase = next)}`);
        },
      });
      announce(`Map ${summary.name}: ${summary.nodes} nodes, ${summary.arcs} arcs, ready in ${summary.seconds.toFixed(1)} s`);
      descriptors.push(descriptor);
      cacheFiles.push(...files);
    }
    return { descriptor: descriptors, summary: servedSummary(descriptors.map((descriptor) => descriptor.summary)), cacheFiles };
  },
  startBackgroundWork: (descriptors, log) => startMetricPreparation(descriptors as RoutingMapDescriptor[], log),
};
