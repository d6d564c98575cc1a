/**
 * What routing offers the planner (src/problem, src/solver): matrices and legs on the served road map, snapped
 * stops, and the traffic slots plans are timed in. The planner imports routing only through this module
 * (test/repository/module-graph.test.ts), so routing's inside can change without touching it.
 */
export { routingMap } from './load/request-map.js';
export { legGeometry } from './query/leg-geometry.js';
export { routeLeg } from './query/leg.js';
export type { ProfileRouter, RoutingMetric } from './query/profile-router.js';
export { metricSelectionOf } from './service/request-fields.js';
export { snapStop, type SnappedStop, type StopPlace } from './query/stop-snap.js';
export { HOURS_PER_DAY_SLOTS, trafficHourOfSlot, timeSlotOfPlannerSlot } from './traffic/planner-slots.js';
export { distanceMetres, durationSeconds, travelMatrix, type TravelMatrixResult } from './query/travel-matrix.js';
