/**
 * A full collection of this thread's heap. A worker runs one when it has warmed up: the warm-up answers matrices
 * of a thousand points, whose results' buffers (megabytes each, outside the JavaScript heap) stayed resident
 * until the thread's next full collection, which an idle worker does not run (60 to 80 MiB a worker on the scale
 * benchmark, docs/scale.md). V8 hands its collector only to contexts created under --expose-gc, so the flag is
 * set for the one context that fetches it and cleared again, as jest's leak detector does.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  try {
    (runInNewContext('gc') as () => void)();
  } finally {
    setFlagsFromString('--no-expose-gc');
  }
}
