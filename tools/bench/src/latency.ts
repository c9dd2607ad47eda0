/** The q-quantile of sorted latencies (nearest rank; 0 for none). */
export const percentile = (sorted: readonly number[], q: number): number =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number);

/** p50/p95/p99 and the worst of latencies in ms; sorts them in place. */
export function latencySummary(latencies: number[]): { p50: number; p95: number; p99: number; max: number } {
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    p99: percentile(latencies, 0.99),
    max: latencies.at(-1) ?? 0,
  };
}
