/** Random points inside the demo town's ring road (about 1.2 km across), for benches that load the default map. */
import { DEMO_TOWN } from '../src/map/demo-town.js';

export function townPoint(random: () => number): string {
  return `${(DEMO_TOWN.lat + (random() - 0.5) * 0.011).toFixed(6)},${(DEMO_TOWN.lon + (random() - 0.5) * 0.015).toFixed(6)}`;
}
