/** Drivers and vehicles, declared at top level or inline on a route. */
import type { Driver, Vehicle, VehicleType } from '../model.js';
import { parseNonNegativeNumber, parsePositiveNumber, parseSpeedPercentage } from '../../conventions/scalars.js';
import type { Fields } from './fields.js';
import { capacitiesAt } from './loads.js';
import type { PlaceTable } from './places.js';
import { VEHICLE_DIMENSION_FIELDS, type VehicleDimensions } from '../../map/profiles/dimension-classes.js';

function dimensionsOf(vehicle: Fields): VehicleDimensions {
  const dimensions: VehicleDimensions = {};
  for (const [field, axis] of VEHICLE_DIMENSION_FIELDS) {
    const value = vehicle.read(field, parsePositiveNumber);
    if (value !== undefined) dimensions[axis] = value;
  }
  return dimensions;
}

/** `location` (or a vehicle's `depot`) stands for both ends; it excludes `start_location` and `end_location`. */
export function startAndEnd(fields: Fields, places: PlaceTable, both: string) {
  fields.exclusive(both, 'start_location');
  fields.exclusive(both, 'end_location');
  if (fields.has(both)) {
    const place = places.placeAt(fields, both);
    return { start: place, end: place };
  }
  return { start: places.placeAt(fields, 'start_location'), end: places.placeAt(fields, 'end_location') };
}

export function normalizeDriver(driver: Fields, places: PlaceTable): { id: string | undefined; driver: Driver | undefined } {
  const id = driver.id();
  const { start, end } = startAndEnd(driver, places, 'location');
  if (id === undefined) return { id, driver: undefined };
  return {
    id,
    driver: {
      id,
      name: driver.text('name'),
      attributes: driver.texts('attributes'),
      centroid: driver.latlon('centroid'),
      costPerHour: driver.read('cost_per_hour', parseNonNegativeNumber),
      startLocation: start,
      endLocation: end,
      source: driver.object,
    },
  };
}

export function normalizeVehicle(vehicle: Fields, places: PlaceTable): { id: string | undefined; vehicle: Vehicle | undefined } {
  const id = vehicle.id();
  const { start, end } = startAndEnd(vehicle, places, 'depot');
  if (id === undefined) return { id, vehicle: undefined };
  return {
    id,
    vehicle: {
      id,
      vehicleType: (vehicle.text('vehicle_type') as VehicleType | undefined) ?? 'auto',
      attributes: vehicle.texts('attributes'),
      startLocation: start,
      endLocation: end,
      costPerKm: vehicle.read('cost_per_km', parseNonNegativeNumber),
      fixedCost: vehicle.read('fixed_cost', parseNonNegativeNumber),
      drivingSpeedPercentage: vehicle.read('driving_speed_percentage', parseSpeedPercentage),
      loadCapacities: capacitiesAt(vehicle),
      dimensions: dimensionsOf(vehicle),
      source: vehicle.object,
    },
  };
}
