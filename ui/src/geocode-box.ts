/**
 * The address search: suggestions from /v1/geocode as the dispatcher types (arrow keys and Enter, or a click,
 * choose one), in the country of the served map, which the page learns by reverse geocoding the map's centre.
 */
import type { ApiClient, Json } from './api-client.js';
import { byId, el } from './dom.js';

export interface Place {
  label: string;
  lat: number;
  lon: number;
}

const TYPING_PAUSE_MS = 250;
const MIN_QUERY = 3;

function placeOf(suggestion: Json): Place {
  const [lat, lon] = String(suggestion.location).split(',').map(Number) as [number, number];
  return { label: String(suggestion.formatted_address ?? suggestion.location), lat, lon };
}

export class GeocodeBox {
  readonly #input = byId<HTMLInputElement>('geocode-input');
  readonly #list = byId<HTMLUListElement>('geocode-suggestions');
  #country = '';
  #places: Place[] = [];
  #active = -1;
  #timer: ReturnType<typeof setTimeout> | undefined;
  /** Answers to older queries are dropped when they arrive after a newer one. */
  #query = 0;

  constructor(private readonly api: ApiClient, private readonly onChoose: (place: Place) => void) {
    this.#input.addEventListener('input', () => {
      clearTimeout(this.#timer);
      this.#timer = setTimeout(() => void this.#suggest(), TYPING_PAUSE_MS);
    });
    this.#input.addEventListener('keydown', (event) => this.#key(event));
  }

  /** The country of the map's centre; until it is known, searches wait. */
  async learnCountry(center: L.LatLng): Promise<void> {
    const answer = await this.api.waitFor('reverse_geocode', { locations: [{ location: `${center.lat.toFixed(6)},${center.lng.toFixed(6)}` }] });
    const suggestion = (answer.geocoded_locations as Json[] | undefined)?.[0]?.suggestions?.[0] as Json | undefined;
    this.#country = typeof suggestion?.country === 'string' ? suggestion.country : '';
  }

  async #suggest(): Promise<void> {
    const query = this.#input.value.trim();
    const asked = ++this.#query;
    if (query.length < MIN_QUERY || !this.#country) return this.#show([]);
    const answer = await this.api.waitFor('geocode', { addresses: [{ query, country: this.#country, max_results: 5 }] });
    if (asked !== this.#query) return;
    this.#show(((answer.geocoded_locations as Json[])[0]?.suggestions as Json[] | undefined ?? []).map(placeOf));
  }

  #show(places: Place[]): void {
    this.#places = places;
    this.#active = -1;
    this.#list.replaceChildren(...places.map((place, index) => {
      const item = el('li', { role: 'option', id: `geocode-suggestion-${index}`, 'data-testid': 'geocode-suggestion', 'aria-selected': 'false' }, place.label);
      item.addEventListener('mousedown', (event) => {
        event.preventDefault();
        this.#choose(index);
      });
      return item;
    }));
    this.#input.setAttribute('aria-expanded', String(places.length > 0));
  }

  #key(event: KeyboardEvent): void {
    if (this.#places.length === 0) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      this.#active = (this.#active + step + this.#places.length) % this.#places.length;
      [...this.#list.children].forEach((item, index) => item.setAttribute('aria-selected', String(index === this.#active)));
      this.#input.setAttribute('aria-activedescendant', `geocode-suggestion-${this.#active}`);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      this.#choose(Math.max(this.#active, 0));
    } else if (event.key === 'Escape') {
      this.#show([]);
    }
  }

  #choose(index: number): void {
    const place = this.#places[index];
    if (!place) return;
    this.#input.value = place.label;
    this.#show([]);
    this.onChoose(place);
  }
}
