/**
 * Finds the array index of an OSM node id. Sorted extracts (the norm for PBF) are searched in place;
 * otherwise a sorted permutation is built once.
 */
export class NodeIndex {
  private readonly sortedIds: Float64Array;
  private readonly order: Uint32Array | null;

  constructor(nodeIds: Float64Array, sorted: boolean) {
    if (sorted) {
      this.sortedIds = nodeIds;
      this.order = null;
    } else {
      const order = new Uint32Array(nodeIds.length).map((_, i) => i);
      order.sort((a, b) => nodeIds[a]! - nodeIds[b]!);
      this.order = order;
      this.sortedIds = Float64Array.from(order, (i) => nodeIds[i]!);
    }
  }

  /** Index of `id` in the extract's node arrays, or -1 when the extract does not contain it. */
  indexOf(id: number): number {
    const ids = this.sortedIds;
    let lo = 0, hi = ids.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const v = ids[mid]!;
      if (v < id) lo = mid + 1;
      else if (v > id) hi = mid - 1;
      else return this.order ? this.order[mid]! : mid;
    }
    return -1;
  }
}
