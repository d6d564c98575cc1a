import t from 'tap';
import { drivingSideAt } from '../../src/map/graph/driving-side.js';

t.test('traffic keeps left in the regions that drive on the left and right elsewhere', async (t) => {
  const left: [string, number, number][] = [['London', 51.5, -0.12], ['Dublin', 53.35, -6.26], ['Tokyo', 35.68, 139.7],
    ['Sydney', -33.87, 151.2], ['Mumbai', 19.07, 72.88], ['Johannesburg', -26.2, 28.05], ['Nairobi', -1.29, 36.82]];
  const right: [string, number, number][] = [['Vaduz', 47.14, 9.52], ['Paris', 48.86, 2.35], ['New York', 40.71, -74.0],
    ['Beijing', 39.9, 116.4], ['São Paulo', -23.55, -46.63], ['Lagos', 6.52, 3.38]];
  for (const [city, lat, lon] of left) t.equal(drivingSideAt(lat, lon), 'left', city);
  for (const [city, lat, lon] of right) t.equal(drivingSideAt(lat, lon), 'right', city);
});
