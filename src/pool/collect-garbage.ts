/**
 * A collection of this thread's heap. A worker runs a full one when it has warmed up: the warm-up answers matrices
 * of a thousand points, whose results' buffers (megabytes each, outside the JavaScript heap) stayed resident
 * until the thread's next full collection, which an idle worker does not run (34 to 53 MiB a worker on the scale
 * benchmark, docs/scale.md). V8 hands its collector only to contexts created under --expose-gc, so the flag is
 * set and a new context fetches it, as jest's leak detector does. The flag is the process's, and workers start
 * at once: clearing it again let one worker's clearing fall between another's setting and fetching.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** `young`: only the objects made since the last collection (a scavenge), which keeps what V8 has compiled. */
export function collectGarbage(extent: 'all' | 'young' = 'all'): void {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as (options?: { type: 'minor' }) => void;
  // Given options, even { type: 'major' }, it freed none of the warm-up's buffers.
  if (extent === 'all') gc();
  else gc({ type: 'minor' });
}
