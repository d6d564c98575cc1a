/**
 * The server's `routing` resource: the map of `--map FILE` (the embedded demo town without one) loaded before the workers start (imported and
 * contracted on first use, from the cache afterwards), its descriptor handed to every worker and its summary
 * shown by /v1/version.
 */
import type { ResourceLoader } from '../../server/resource-loaders.js';
import { ROUTING_RESOURCE } from './attach-routing-map.js';
import { loadRoutingMap } from './load-routing-map.js';

export const routingResourceLoader: ResourceLoader = {
  name: ROUTING_RESOURCE,
  workerModule: new URL('./routing-worker.js', import.meta.url).href,
  async load(config, announce) {
    let phase = '';
    const { descriptor, summary } = await loadRoutingMap({
      ...(config.map && { mapFile: config.map }),
      ...(config.trafficFile && { trafficFile: config.trafficFile }),
      dataDir: config.dataDir,
      onProgress: (next) => {
        if (next !== phase) announce(`Loading map: ${(phase = next)}`);
      },
    });
    announce(`Map ${summary.name}: ${summary.nodes} nodes, ${summary.arcs} arcs, ready in ${summary.seconds.toFixed(1)} s`);
    return { descriptor, summary };
  },
};
