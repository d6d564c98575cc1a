// Ruin and recreate when routes cost a fixed amount. A job that fits on none of the used routes would open a
// route, and the acceptance refuses a plan that pays one fixed cost more: at the least fleet most plain ruins
// and recreates ended so (Solomon R1 at 10 s, one search: 62 to 73 % of the iterations once the fleet was
// settled) and the distance search stalled. So the empty routes stay closed while recreate and a few repairs
// around the jobs left out (as an elimination repairs) put them back; only what still fits nowhere then opens
// a route.
import { ruin } from './ruin';
import { recreate } from './recreate';
import { closeEmptyRoutes, reopenAll, repairLeftOut } from './route-elimination';
import { unroutedCount } from './state';

/** Repairs after the recreate while a job is left out. */
const REPAIRS: i32 = 3;

export function ruinAndRecreateWithinFleet(): void {
  const outBefore = unroutedCount;
  ruin();
  closeEmptyRoutes();
  recreate(0);
  repairLeftOut(outBefore, REPAIRS, false);
  reopenAll();
  if (unroutedCount > outBefore) recreate(0);
}
