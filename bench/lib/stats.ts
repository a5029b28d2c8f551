// Summary figures the benchmarks share.

/** The middle value; the mean of the two middle values when there is an even number of them. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

/** The value at `fraction` (0.5, 0.99) of values already sorted in ascending order, by nearest rank below. */
export function percentile(sorted: ArrayLike<number>, fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}
