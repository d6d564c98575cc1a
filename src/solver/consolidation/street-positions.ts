/**
 * Where each job meets the road network, and the name of that street (docs/api.md, Dispatching: consolidation follows a
 * named street). A job is routed from its marker's `intersection` when it has one, as everywhere else.
 */
import type { Job } from '../../problem/model.js';
import { routingMap } from '../../routing/index.js';

export interface StreetPosition {
  street: string;
  lat: number;
  lon: number;
}

/** The snapped point and street name of each job; undefined off the network or on an unnamed road. */
export function streetPositions(jobs: readonly Job[]): (StreetPosition | undefined)[] {
  const router = routingMap().router('auto');
  const { graph } = router;
  return jobs.map((job) => {
    const point = job.location.intersection ?? job.location.point;
    const candidate = router.snapIndex.snap(point.lat, point.lon);
    if (!candidate) return undefined;
    const street = graph.names[graph.edgeNameId[candidate.edge]!] ?? '';
    return street === '' ? undefined : { street, lat: candidate.point[0], lon: candidate.point[1] };
  });
}
