/**
 * The places a problem is routed between: they choose the served map it is answered on (docs/routing-service.md,
 * Serving several maps). None with `settings.matrix`, whose travel costs need no roads.
 */
import type { Place, Problem } from './model.js';

export function routedPlaces(problem: Problem): readonly Place[] {
  return problem.settings.matrix ? [] : problem.places;
}
