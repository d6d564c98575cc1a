import type { Problem } from '../model.js';
import { RoadNetworkSource } from './road-network-source.js';
import { SettingsMatrixSource } from './settings-matrix-source.js';
import type { TravelCostSource } from './travel-costs.js';

/** `settings.matrix` when the request brings one, the road network otherwise (in hour slots with historic traffic). */
export function travelCostSourceOf(problem: Problem): TravelCostSource {
  const matrix = problem.settings.matrix;
  return matrix ? new SettingsMatrixSource(matrix) : new RoadNetworkSource(problem.settings.enableHistoricTraffic);
}
