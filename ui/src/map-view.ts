/** The map: the served roads on canvas tiles, framed on the map's extent. */
import { roadLayer } from './road-layer.js';

/**
 * The map, and when it is framed on the roads: their extent arrives later, and the page is wired without
 * waiting for it.
 */
export function createMap(container: HTMLElement): { map: L.Map; framed: Promise<void> } {
  // Tiles appear at once rather than fading in, so what is drawn is what a screenshot shows.
  const map = L.map(container, { preferCanvas: true, zoomSnap: 0.5, keyboard: true, fadeAnimation: false });
  const roads = roadLayer().addTo(map);
  // A stable hook for tests and for anyone waiting on the map: `data-tiles` is `loading` or `loaded`.
  roads.on('loading', () => (container.dataset.tiles = 'loading'));
  roads.on('load', () => (container.dataset.tiles = 'loaded'));
  return { map, framed: frameRoads(map) };
}

async function frameRoads(map: L.Map): Promise<void> {
  const response = await fetch('/ui/bounds');
  const { bounds } = (await response.json()) as { bounds: [[number, number], [number, number]] | null };
  if (bounds) map.fitBounds(bounds, { padding: [8, 8] });
  else map.setView([0, 0], 2);
}
