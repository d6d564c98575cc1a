/** One machine-readable line per measurement (`BENCH {json}`), so runs can be collected and compared. */
export function report(name: string, values: Record<string, number | string | null>): void {
  console.log(`BENCH ${JSON.stringify({ name, ...values })}`);
}

export function percentile(sorted: ArrayLike<number>, fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))]!;
}
