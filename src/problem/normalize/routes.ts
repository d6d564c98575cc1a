import type { Driver, Route, Vehicle } from '../model.js';
import { parseNonNegativeInteger, parseNonNegativeNumber, parseSpeedPercentage } from '../../conventions/scalars.js';
import { normalizeBreaks } from './breaks.js';
import { asObject, Fields } from './fields.js';
import { normalizeDriver, normalizeVehicle, startAndEnd } from './fleet.js';
import { capacitiesAt } from './loads.js';
import type { IdRegistry } from './registry.js';
import { builtInDefaults, type ProblemDefaults } from './settings.js';
import { routeVisits, type VisitSources } from './visits.js';

export interface RouteSources extends VisitSources {
  drivers: IdRegistry<Driver>;
  vehicles: IdRegistry<Vehicle>;
  defaults: ProblemDefaults;
}

/** `route.driver` / `route.vehicle`: an id of a declared one, or one written inline (registered for references). */
function member<T>(
  route: Fields,
  name: string,
  registry: IdRegistry<T>,
  normalize: (fields: Fields) => { id: string | undefined; entity: T | undefined },
): T | undefined {
  const value = route.object[name];
  const object = asObject(value);
  if (object) {
    const fields = new Fields(route.faults, route.pathOf(name), object);
    const { id, entity } = normalize(fields);
    if (id !== undefined && !registry.has(id)) registry.register(fields.pathOf('id'), id, entity);
    return entity;
  }
  const id = route.text(name);
  return id === undefined ? undefined : registry.resolve(route.pathOf(name), id);
}

export function normalizeRoute(route: Fields, index: number, sources: RouteSources): { id: string | undefined; route: Route | undefined } {
  const id = route.id();
  const { places, defaults } = sources;
  const driver = member(route, 'driver', sources.drivers, (fields) => {
    const { id: driverId, driver: entity } = normalizeDriver(fields, places);
    return { id: driverId, entity };
  });
  const vehicle = member(route, 'vehicle', sources.vehicles, (fields) => {
    const { id: vehicleId, vehicle: entity } = normalizeVehicle(fields, places);
    return { id: vehicleId, entity };
  });
  const ends = startAndEnd(route, places, 'location');
  const startTime = route.timeOfDay('start_time') ?? builtInDefaults.startTime;
  const normalized: Route = {
    index,
    id: id ?? '',
    name: route.text('name'),
    date: route.date('date'),
    driver,
    vehicle,
    startTime,
    endTime: route.timeOfDay('end_time'),
    maxWorkingTime: route.timespan('max_working_time') ?? defaults.maxWorkingTime,
    maxDrivingTime: route.timespan('max_driving_time'),
    normalWorkingTime: route.timespan('normal_working_time'),
    startLocation: ends.start ?? driver?.startLocation ?? vehicle?.startLocation,
    endLocation: ends.end ?? driver?.endLocation ?? vehicle?.endLocation,
    visits: routeVisits(route, sources),
    routeAttributes: route.texts('route_attributes'),
    breaks: normalizeBreaks(route, startTime),
    costPerHour: route.read('cost_per_hour', parseNonNegativeNumber) ?? driver?.costPerHour ?? defaults.costPerHour,
    costPerKm: route.read('cost_per_km', parseNonNegativeNumber) ?? vehicle?.costPerKm ?? defaults.costPerKm,
    fixedCost: route.read('fixed_cost', parseNonNegativeNumber) ?? vehicle?.fixedCost ?? 0,
    maxJobsOnRoute: route.read('max_jobs_on_route', parseNonNegativeInteger),
    loadCapacities: capacitiesAt(route) ?? vehicle?.loadCapacities,
    drivingSpeedPercentage: route.read('driving_speed_percentage', parseSpeedPercentage) ?? vehicle?.drivingSpeedPercentage ?? 100,
    source: route.object,
  };
  return { id, route: id === undefined ? undefined : normalized };
}
