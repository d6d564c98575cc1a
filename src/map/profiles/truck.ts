import { TRUCK_TURNS } from '../graph/turn-model.js';
import { createMotorProfile } from './motor-profile.js';

// Same class order as auto.ts. Trucks drive the car speeds but never faster than these caps (km/h),
// roughly the European limits for vehicles above 3.5 t.
const CAP_KMH = [80, 40, 70, 35, 60, 30, 50, 25, 40, 20, 25, 20, 10, 10, 5, 10, 10];
const RURAL_KMH = [80, 40, 70, 35, 60, 30, 50, 25, 40, 20, 25, 20, 10, 10];
const URBAN_KMH = [80, 40, 50, 35, 45, 30, 40, 25, 30, 20, 20, 20, 10, 10];

/**
 * Keeps every way some truck may use: height/weight limits and hgv=no are stored per arc and applied per
 * dimension class when its metric is built (see dimension-classes.ts).
 */
export const truckProfile = createMotorProfile({
  name: 'truck',
  accessKeys: ['motor_vehicle', 'vehicle', 'access'],
  heavyVehicleKey: 'hgv',
  ruralKmh: RURAL_KMH,
  urbanKmh: URBAN_KMH,
  capKmh: CAP_KMH,
  maxspeedKeys: ['maxspeed:hgv', 'maxspeed:advisory', 'maxspeed'],
  restrictionKeys: ['restriction:hgv', 'restriction:motor_vehicle', 'restriction'],
  exceptValues: ['hgv', 'motor_vehicle', 'vehicle'],
  dropBelowHeightMeters: 0,
  turns: TRUCK_TURNS,
  checksDimensions: true,
});
