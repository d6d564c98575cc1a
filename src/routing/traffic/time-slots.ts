/**
 * The metrics one profile's hours of the week drive: an hour takes its traffic pattern when a route asks for
 * predicted traffic (free flow otherwise) and closes the turns its conditional restrictions forbid then
 * (docs/routing.md). Hours alike in both share a slot, hence one metric and one hierarchy. Slot 0 is free
 * flow with no conditional restriction in force: the map's own metric.
 */
import type { RoadGraph } from '../../map/graph/road-graph.js';
import { WEEK_HOURS } from '../../map/profiles/restriction-condition.js';
import { FREE_FLOW_PATTERN, patternAt, type TrafficModel } from './traffic-model.js';

export interface TimeSlots {
  /** The slot of every hour of the week, driving in predicted traffic and in free flow. */
  inTraffic: number[];
  freeFlow: number[];
  /** Per slot: its traffic pattern, and an hour whose conditional restrictions it applies (undefined: none). */
  pattern: number[];
  hour: (number | undefined)[];
}

/** Which conditional restrictions are in force in an hour, as a string of 0/1 per condition. */
function conditionsAt(graph: RoadGraph, hour: number): string {
  let inForce = '';
  for (let k = 0; k * WEEK_HOURS < graph.conditionHours.length; k++) inForce += graph.conditionHours[k * WEEK_HOURS + hour];
  return inForce;
}

export function timeSlotsOf(traffic: TrafficModel, graph: RoadGraph): TimeSlots {
  const slots: TimeSlots = { inTraffic: [], freeFlow: [], pattern: [FREE_FLOW_PATTERN], hour: [undefined] };
  const none = conditionsAt(graph, 0).replace(/1/g, '0');
  const ids = new Map([[`${FREE_FLOW_PATTERN}|${none}`, 0]]);
  const slotOf = (pattern: number, hour: number): number => {
    const inForce = conditionsAt(graph, hour);
    const key = `${pattern}|${inForce}`;
    let id = ids.get(key);
    if (id === undefined) {
      ids.set(key, (id = slots.pattern.length));
      slots.pattern.push(pattern);
      slots.hour.push(inForce === none ? undefined : hour);
    }
    return id;
  };
  for (let hour = 0; hour < WEEK_HOURS; hour++) {
    slots.inTraffic.push(slotOf(patternAt(traffic, hour), hour));
    slots.freeFlow.push(slotOf(FREE_FLOW_PATTERN, hour));
  }
  return slots;
}
