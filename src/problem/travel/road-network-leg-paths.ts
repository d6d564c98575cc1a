/** Leg geometry on the road network: each place snapped once per travel class, legs routed like /v1/path. */
import type { LatLon } from '../../conventions/latlon.js';
import { type ProfileRouter, type RoutingMetric, type SnappedStop, legGeometry, metricSelectionOf, routeLeg, routingMap, snapStop } from '../../routing/index.js';
import type { Place } from '../model.js';
import type { LegPathSource } from './leg-paths.js';
import { stopOf } from './road-network-source.js';
import { routingVehicleOf, type TravelClass } from './travel-costs.js';

interface ClassRouting {
  router: ProfileRouter;
  metric: RoutingMetric;
  snapped: Map<number, SnappedStop | null>;
}

export class RoadNetworkLegPaths implements LegPathSource {
  private readonly classes = new Map<string, Promise<ClassRouting>>();

  private routingOf(travelClass: TravelClass): Promise<ClassRouting> {
    let routing = this.classes.get(travelClass.key);
    if (!routing) {
      const vehicle = routingVehicleOf(travelClass);
      const router = routingMap().router(vehicle.profile);
      routing = router.metric(metricSelectionOf(vehicle)).then((metric) => ({ router, metric, snapped: new Map() }));
      this.classes.set(travelClass.key, routing);
    }
    return routing;
  }

  private snap(routing: ClassRouting, place: Place): SnappedStop | null {
    let snapped = routing.snapped.get(place.index);
    if (snapped === undefined) {
      snapped = snapStop(routing.router, stopOf(place), routing.metric);
      routing.snapped.set(place.index, snapped);
    }
    return snapped;
  }

  async path(from: Place, to: Place, travelClass: TravelClass): Promise<LatLon[]> {
    const routing = await this.routingOf(travelClass);
    const start = this.snap(routing, from);
    const end = this.snap(routing, to);
    const leg = start && end ? routeLeg(routing.router, routing.metric, start, end) : null;
    return leg ? legGeometry(routing.router.graph, leg).map(([lat, lon]) => ({ lat, lon })) : [];
  }
}
