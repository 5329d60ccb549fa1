// A benchmark figure, printed as a table row or as one JSON line by scripts/bench.ts.
export interface Figure {
  /** Stable name so runs can be compared, e.g. "server.translate.50x2.5KB". */
  name: string;
  value: number;
  unit: 'ms' | 's' | 'count' | 'chars' | 'bytes' | 'KB' | 'fps' | 'requests';
  /** What the figure ran on: page file, input size, browser. */
  ranOn: string;
  /** Target from the issue, shown next to the value, e.g. "< 20 ms". */
  target?: string;
}

/** A suite is a module in scripts/bench/ whose default export returns figures. */
export type BenchSuite = () => Promise<Figure[]>;

/** Median of repeated measurements: less noisy than a single run on a shared machine. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
