/**
 * Entities by id: a second entity with the same id is a `duplicate_id_error`, an unknown id an
 * `unknown_reference_error`. An entity with faults of its own is registered as undefined, so that references
 * to it are not reported a second time.
 */
import type { FaultList } from '../../conventions/faults.js';

export class IdRegistry<T> {
  private readonly byId = new Map<string, T | undefined>();

  constructor(
    private readonly faults: FaultList,
    private readonly kind: string,
  ) {}

  register(path: string, id: string, entity: T | undefined): void {
    if (this.byId.has(id)) {
      this.faults.add(path, { code: 'duplicate_id_error', message: `Another ${this.kind} already has the id "${id}"`, parameters: { id } }, id);
      return;
    }
    this.byId.set(id, entity);
  }

  get(id: string): T | undefined {
    return this.byId.get(id);
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  /** The entity with this id, or undefined after recording an unknown reference at `path`. */
  resolve(path: string, id: string): T | undefined {
    const entity = this.byId.get(id);
    if (!this.byId.has(id)) {
      this.faults.add(path, { code: 'unknown_reference_error', message: `No ${this.kind} has the id "${id}"`, parameters: { id } }, id);
    }
    return entity;
  }
}
