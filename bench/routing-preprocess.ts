// Child process of the routing benchmark: imports one map and contracts it, alone in its process, so
// that its peak RSS is that map's and nothing else's. Leaves the map and hierarchy caches for the parent.
import { cachedHierarchy, SharedRegions } from '../src/kernels/index.js';
import { loadBenchMap } from './routing-maps.js';

export interface PreprocessResult {
  importS: number;
  contractionS: number;
  peakRssMb: number;
}

const [name, dataDir] = process.argv.slice(2);
let start = performance.now();
const map = await loadBenchMap(name!, dataDir!);
if (!map) throw new Error(`map ${name} is not available`);
const importS = (performance.now() - start) / 1000;
start = performance.now();
await cachedHierarchy(SharedRegions.create(), map.graph, map.hierarchyPath, map.hierarchyKey);
const contractionS = (performance.now() - start) / 1000;
const result: PreprocessResult = { importS, contractionS, peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) };
process.send!(result);
