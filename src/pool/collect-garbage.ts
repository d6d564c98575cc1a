/**
 * A full collection of this thread's heap. A worker runs one when it has warmed up: the warm-up answers matrices
 * of a thousand points, whose results' buffers (megabytes each, outside the JavaScript heap) stayed resident
 * until the thread's next full collection, which an idle worker does not run (34 to 53 MiB a worker on the scale
 * benchmark, docs/scale.md). V8 hands its collector only to contexts created under --expose-gc, so the flag is
 * set and a new context fetches it, as jest's leak detector does. The flag is the process's, and workers start
 * at once: clearing it again let one worker's clearing fall between another's setting and fetching.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
