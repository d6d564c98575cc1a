/**
 * Resources a worker shares with the HTTP thread (the road map in shared memory, the kernels). The HTTP thread
 * produces a structured-cloneable descriptor; each worker attaches it once at start through the attachers
 * registered here, and operations read what they need through `workerResource`.
 */
type Attacher = (descriptor: unknown) => Promise<unknown>;

const attachers = new Map<string, Attacher>();
const attached = new Map<string, unknown>();

export function registerResourceAttacher(name: string, attach: Attacher): void {
  attachers.set(name, attach);
}

/** Called once per worker with the descriptors the HTTP thread put in the worker setup, keyed by name. */
export async function attachWorkerResources(descriptors: Record<string, unknown>): Promise<void> {
  for (const [name, descriptor] of Object.entries(descriptors)) {
    const attach = attachers.get(name);
    attached.set(name, attach ? await attach(descriptor) : descriptor);
  }
}

/** A resource attached in this worker (or set directly on the HTTP thread in tests). */
export function workerResource<T>(name: string): T | undefined {
  return attached.get(name) as T | undefined;
}

export function setWorkerResource(name: string, value: unknown): void {
  attached.set(name, value);
}
