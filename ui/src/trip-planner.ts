/**
 * Routing a trip: stops from map clicks or chosen addresses, a `/v1/path` route between them for a car or a
 * truck at a departure time, drawn on the map with each leg's time, distance and arrival. With traffic on, the
 * same stops are routed free-flowing in the same request, so the difference traffic makes is shown.
 */
import { ApiError, type ApiClient, type Json } from './api-client.js';
import { byId, el } from './dom.js';
import { clock, kilometres } from './format.js';
import type { Place } from './geocode-box.js';

function markerIcon(className: string, label: string, testId: string, place: Place): L.DivIcon {
  const marker = el('div', { class: `marker ${className}`, 'data-testid': testId, 'data-lat': place.lat.toFixed(6), 'data-lon': place.lon.toFixed(6) }, label);
  return L.divIcon({ html: marker, className: '', iconSize: [22, 22], iconAnchor: [11, 11] });
}

function localDateTimeNow(): string {
  const now = new Date();
  now.setMinutes(now.getMinutes() - now.getTimezoneOffset(), 0, 0);
  return now.toISOString().slice(0, 16);
}

export class TripPlanner {
  readonly #layer: L.LayerGroup;
  readonly #stops: Place[] = [];
  #found: L.Marker | undefined;

  constructor(private readonly api: ApiClient, private readonly map: L.Map) {
    this.#layer = L.layerGroup().addTo(map);
    byId<HTMLInputElement>('trip-departure').value = localDateTimeNow();
    byId('trip-route').addEventListener('click', () => void this.route());
    byId('trip-clear').addEventListener('click', () => this.clear());
  }

  addStop(place: Place): void {
    this.#stops.push(place);
    this.#draw();
  }

  /** An address the dispatcher chose: marked on the map, centred, and added as a stop. */
  showFound(place: Place): void {
    this.#found?.remove();
    this.#found = L.marker([place.lat, place.lon], { icon: markerIcon('found', '★', 'geocode-marker', place), title: place.label, keyboard: false }).addTo(this.map);
    this.map.panTo([place.lat, place.lon]);
    this.addStop(place);
  }

  clear(): void {
    this.#stops.length = 0;
    this.#found?.remove();
    this.#found = undefined;
    byId('trip-result').replaceChildren();
    this.#draw();
  }

  async route(): Promise<void> {
    const result = byId('trip-result');
    if (this.#stops.length < 2) {
      result.replaceChildren(el('p', { class: 'hint' }, 'Add at least two stops.'));
      return;
    }
    const traffic = byId<HTMLInputElement>('trip-traffic').checked;
    const departure = new Date(byId<HTMLInputElement>('trip-departure').value || Date.now()).toISOString();
    const route = (withTraffic: boolean): Json => ({
      vehicle: { vehicle_type: byId<HTMLSelectElement>('trip-vehicle').value },
      routing_options: { return_path: true, route_with_traffic: withTraffic, routing_date_time: departure },
      stops: this.#stops.map((stop) => ({ location: `${stop.lat.toFixed(6)},${stop.lon.toFixed(6)}` })),
    });
    try {
      const answer = await this.api.post('/v1/path', { routes: traffic ? [route(true), route(false)] : [route(false)] });
      this.#showRoute(answer.routes as Json[]);
    } catch (error) {
      result.replaceChildren(el('p', { class: 'error' }, error instanceof ApiError ? [error.message, ...error.details()].join('\n') : (error as Error).message));
    }
  }

  #showRoute([driven, freeFlow]: Json[]): void {
    const result = byId('trip-result');
    this.#draw();
    if (!driven || driven.error) {
      result.replaceChildren(el('p', { class: 'error' }, String((driven?.error as Json | undefined)?.message ?? 'No route')));
      return;
    }
    const stops = driven.stops as Json[];
    const line = stops.flatMap((stop) => ((stop.path_to_stop as string[] | undefined) ?? []).map((point) => point.split(',').map(Number) as [number, number]));
    L.polyline(line, { color: '#0b7a3e', weight: 6, opacity: 0.85, interactive: false }).addTo(this.#layer);
    const summary = `${kilometres(driven.distance_meters as number)}, ${clock(driven.driving_time as string)}`
      + (freeFlow ? ` with traffic (${clock(freeFlow.driving_time as string)} free-flowing)` : '');
    result.replaceChildren(
      el('p', { 'data-testid': 'trip-summary' }, summary),
      el('table', {},
        el('thead', {}, el('tr', {}, el('th', {}, 'Leg'), el('th', {}, 'Distance'), el('th', {}, 'Time'), el('th', {}, 'Arrival'))),
        el('tbody', {}, ...stops.slice(1).map((stop, index) => el('tr', { 'data-testid': 'trip-leg' },
          el('td', {}, `${index + 1} → ${index + 2}`),
          el('td', {}, kilometres(stop.distance_to_meters as number)),
          el('td', {}, clock(stop.time_to as string)),
          el('td', {}, new Date(String(stop.arrival_datetime)).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })))))),
    );
  }

  #draw(): void {
    this.#layer.clearLayers();
    const list = byId('trip-stops');
    list.replaceChildren(...this.#stops.map((stop, index) => {
      L.marker([stop.lat, stop.lon], { icon: markerIcon('trip', String(index + 1), 'trip-marker', stop), title: stop.label, keyboard: false }).addTo(this.#layer);
      const remove = el('button', { type: 'button', 'aria-label': `Remove stop ${index + 1}` }, '×');
      remove.addEventListener('click', () => {
        this.#stops.splice(index, 1);
        this.#draw();
      });
      return el('li', {}, `${index + 1}. ${stop.label}`, remove);
    }));
  }
}
