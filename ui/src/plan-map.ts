/**
 * The plan on the map: each route in its own colour along its real road geometry (`path_to_stop`), numbered
 * job stops, depots as squares, unrouted jobs in grey, stops with violations ringed in red.
 */
import type { Json } from './api-client.js';
import { routeColour } from './format.js';
import { jobById, resolveLocation, unroutedJobIds, type Plan } from './plan-model.js';

export type StopListener = (routeIndex: number, stopIndex: number) => void;

function markerIcon(className: string, label: string, colour: string | undefined, testId: string): L.DivIcon {
  const marker = document.createElement('div');
  marker.className = `marker ${className}`;
  marker.dataset.testid = testId;
  if (colour) marker.style.background = colour;
  marker.textContent = label;
  return L.divIcon({ html: marker, className: '', iconSize: [22, 22], iconAnchor: [11, 11] });
}

function pathPoints(stop: Json): [number, number][] {
  const path = Array.isArray(stop.path_to_stop) ? (stop.path_to_stop as string[]) : [];
  return path.map((point) => point.split(',').map(Number) as [number, number]);
}

export class PlanMap {
  readonly #layer: L.LayerGroup;

  constructor(private readonly map: L.Map, private readonly onStop: StopListener) {
    this.#layer = L.layerGroup().addTo(map);
  }

  show(plan: Plan): void {
    this.#layer.clearLayers();
    const bounds = L.latLngBounds([]);
    (plan.answer.routes as Json[]).forEach((route, routeIndex) => this.#drawRoute(plan, route, routeIndex, bounds));
    for (const id of unroutedJobIds(plan.problem, plan.assignment)) {
      const at = resolveLocation(plan.problem, jobById(plan.problem, id)?.location);
      if (!at) continue;
      L.marker(at, { icon: markerIcon('unrouted', '?', undefined, 'unrouted-marker'), title: `${id} (unrouted)`, keyboard: false }).addTo(this.#layer);
      bounds.extend(at);
    }
    // Without animation: the plan appears framed at once, and a screenshot never catches it mid-flight.
    if (bounds.isValid()) this.map.fitBounds(bounds, { padding: [24, 24], maxZoom: 17, animate: false });
  }

  #drawRoute(plan: Plan, route: Json, routeIndex: number, bounds: L.LatLngBounds): void {
    const colour = routeColour(routeIndex);
    const stops = (route.stops as Json[]) ?? [];
    const line = stops.flatMap(pathPoints);
    if (line.length > 1) L.polyline(line, { color: colour, weight: 5, opacity: 0.85, interactive: false }).addTo(this.#layer);
    let number = 0;
    stops.forEach((stop, stopIndex) => {
      const isJob = stop.type === 'job';
      if (isJob) number++;
      const at = this.#stopLocation(plan, stop);
      if (!at || (stop.type !== 'job' && stop.type !== 'depot')) return;
      const violated = Array.isArray(stop.violations) && stop.violations.length > 0;
      const icon = isJob
        ? markerIcon(`stop${violated ? ' violated' : ''}`, String(number), colour, 'stop-marker')
        : markerIcon('depot', 'D', undefined, 'depot-marker');
      const marker = L.marker(at, { icon, title: `${String(stop.id)} — ${String(route.id)}`, keyboard: isJob, zIndexOffset: isJob ? 100 : 0 });
      marker.on('click', () => this.onStop(routeIndex, stopIndex));
      marker.addTo(this.#layer);
      bounds.extend(at);
    });
  }

  #stopLocation(plan: Plan, stop: Json): [number, number] | undefined {
    if (stop.type === 'job') return resolveLocation(plan.problem, jobById(plan.problem, String(stop.id))?.location) ?? pathPoints(stop).at(-1);
    return resolveLocation(plan.problem, stop.location) ?? pathPoints(stop).at(-1);
  }
}
