import type { ProgressCallback } from '../../map/graph/build-road-graph.js';

/**
 * The `contract` phase of a map's load, whose profiles contract at once: the share of all their turn graph nodes
 * contracted so far. It shows only once every profile's import is done, so that it does not interleave with the
 * import phases of the profiles after the first, which run while the first contracts.
 */
export class ContractionProgress {
  private readonly parts: Array<{ weight: number; fraction: number }> = [];
  private held = true;

  constructor(private readonly report: ProgressCallback) {}

  /** A profile's part, weighted by its node count: the callback takes the share of its nodes contracted. */
  part(nodeCount: number): (fraction: number) => void {
    const part = { weight: Math.max(1, nodeCount), fraction: 0 };
    this.parts.push(part);
    return (fraction) => {
      part.fraction = fraction;
      this.show();
    };
  }

  /** Every profile's import is done: the phase shows from now on. */
  release(): void {
    this.held = false;
    this.show();
  }

  private show(): void {
    if (this.held) return;
    const total = this.parts.reduce((sum, { weight }) => sum + weight, 0);
    const done = this.parts.reduce((sum, { weight, fraction }) => sum + weight * fraction, 0);
    this.report('contract', total === 0 ? 1 : done / total);
  }
}
