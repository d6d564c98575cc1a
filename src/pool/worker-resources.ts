/**
 * Resources a worker shares with the HTTP thread (the road map in shared memory, the kernels). The HTTP thread
 * produces a structured-cloneable descriptor; each worker attaches it once at start through the attachers
 * registered here, and operations read what they need through `workerResource`.
 */
import { collectGarbage } from './collect-garbage.js';

type Attacher = (descriptor: unknown) => Promise<unknown>;
/**
 * Runs the resource's hot paths, so that the worker's first request finds them compiled: `full` at the size of
 * clients' requests, `brief` just long enough for V8 to compile them again from what the full pass taught it.
 */
type WarmUp = (resource: unknown, pass: WarmUpPass) => Promise<void>;
export type WarmUpPass = 'full' | 'brief';

const attachers = new Map<string, Attacher>();
const warmUps = new Map<string, WarmUp>();
const attached = new Map<string, unknown>();

export function registerResourceAttacher(name: string, attach: Attacher, warmUp?: WarmUp): void {
  attachers.set(name, attach);
  if (warmUp) warmUps.set(name, warmUp);
}

/**
 * Called once per worker with the descriptors the HTTP thread put in the worker setup, keyed by name. Warm-ups
 * run once every resource is attached: attaching one can throw away what another's warm-up compiled (unpacking
 * the geocoder's index made V8 drop every optimized function that writes typed arrays: the matrix writers, the
 * snap index's search), and the first request then compiled them again. `depth` `brief` leaves the full pass out,
 * for threads whose first job can afford to compile what it needs.
 */
export async function attachWorkerResources(descriptors: Record<string, unknown>, depth: WarmUpPass = 'full'): Promise<void> {
  for (const [name, descriptor] of Object.entries(descriptors)) {
    const attach = attachers.get(name);
    attached.set(name, attach ? await attach(descriptor) : descriptor);
  }
  if (depth === 'full') {
    await warmUpResources('full');
    collectGarbage('all');
  }
  await warmUpResources('brief');
  collectGarbage('young');
}

/**
 * The full pass's answers (megabytes each, outside the JavaScript heap) would stay resident until this idle
 * thread's next full collection (34 to 53 MiB a worker, docs/scale.md), so one runs at once. It also throws away
 * the code compiled for the objects that died with them (their hidden classes die too, "weak objects" in
 * --trace-deopt): the first request compiled snapping, the kernels' wrappers and the matrix writers again and
 * took twice the tenth's time in the worker. The brief pass compiles them again and leaves little behind.
 */
async function warmUpResources(pass: WarmUpPass): Promise<void> {
  for (const [name, warmUp] of warmUps) if (attached.has(name)) await warmUp(attached.get(name), pass);
}

/** A resource attached in this worker (or set directly on the HTTP thread in tests). */
export function workerResource<T>(name: string): T | undefined {
  return attached.get(name) as T | undefined;
}

export function setWorkerResource(name: string, value: unknown): void {
  attached.set(name, value);
}
