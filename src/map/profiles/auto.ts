import { AUTO_TURNS } from '../graph/turn-model.js';
import { createMotorProfile } from './motor-profile.js';

// Road classes in RoadClass order: motorway, motorway_link, trunk, trunk_link, primary, primary_link,
// secondary, secondary_link, tertiary, tertiary_link, unclassified, residential, living_street, service.
// Rural speeds are OSRM car.lua's; urban ones slow the main roads to town driving (OSRM has no such split).
const RURAL_KMH = [90, 45, 85, 40, 65, 30, 55, 25, 40, 20, 25, 25, 10, 15];
const URBAN_KMH = [90, 45, 60, 40, 50, 30, 45, 25, 35, 20, 25, 25, 10, 15];

export const autoProfile = createMotorProfile({
  name: 'auto',
  accessKeys: ['motorcar', 'motor_vehicle', 'vehicle', 'access'],
  ruralKmh: RURAL_KMH,
  urbanKmh: URBAN_KMH,
  maxspeedKeys: ['maxspeed:advisory', 'maxspeed'],
  restrictionKeys: ['restriction:motorcar', 'restriction:motor_vehicle', 'restriction'],
  exceptValues: ['motorcar', 'motor_vehicle', 'vehicle'],
  dropBelowHeightMeters: 2.0,
  turns: AUTO_TURNS,
  checksDimensions: false,
});
