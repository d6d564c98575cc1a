/** The dispatcher's page (docs/ui.md): wires the map, the login and the panels. */
import { ApiClient } from './api-client.js';
import { Dispatcher, setStatus, type PlanOperation } from './dispatching.js';
import { byId } from './dom.js';
import { GeocodeBox } from './geocode-box.js';
import { installLogin } from './login-form.js';
import { createMap } from './map-view.js';
import { PlanMap } from './plan-map.js';
import { PlanPanel } from './plan-panel.js';
import { installProblemLoader } from './problem-loader.js';
import { installTabs, type Tab } from './tabs.js';
import { TripPlanner } from './trip-planner.js';

const api = new ApiClient();
const { map, framed } = createMap(byId('map'));

const panel = new PlanPanel({
  move: (jobId, routeId, index) => void plans.move(jobId, routeId, index),
  recommend: (jobId) => void plans.recommend(jobId),
  insert: (jobId) => void plans.insert(jobId),
});
const planMap = new PlanMap(map, (routeIndex, stopIndex) => panel.showStop(routeIndex, stopIndex));
const plans = new Dispatcher(api, panel, planMap);
installProblemLoader(byId('map'), (problem, name) => void plans.load(problem, name), setStatus);
for (const button of document.querySelectorAll<HTMLButtonElement>('#operations button')) {
  button.disabled = true;
  button.addEventListener('click', () => void plans.run(button.dataset.operation as PlanOperation));
}
byId('undo').addEventListener('click', () => void plans.undo());
byId('export').addEventListener('click', () => plans.export());

const trip = new TripPlanner(api, map);
const geocoder = new GeocodeBox(api, (place) => trip.showFound(place));
let tab: Tab = 'plan';
installTabs((chosen) => (tab = chosen));
map.on('click', (event: L.LeafletMouseEvent) => {
  if (tab === 'trip') trip.addStop({ label: `${event.latlng.lat.toFixed(5)}, ${event.latlng.lng.toFixed(5)}`, lat: event.latlng.lat, lon: event.latlng.lng });
});

installLogin(api, () => {
  framed.then(() => geocoder.learnCountry(map.getCenter())).catch((error: Error) => setStatus(`Address search is unavailable: ${error.message}`));
});
