/** The dispatcher's page (docs/ui.md): wires the map and the panels. */
import { byId } from './dom.js';
import { createMap } from './map-view.js';

await createMap(byId('map'));
