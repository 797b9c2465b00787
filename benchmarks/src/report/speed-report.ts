import type { EngineMeasurement } from '../speed/engine-measurement.js';
import { formatMegabytes, formatMs, formatPoints, formatRatio, markdownTable } from './format.js';

/** What a speed report describes besides the measurements. */
export interface SpeedReportContext {
  readonly set: string;
  readonly tools: number;
  readonly queries: number;
  readonly nodeVersion: string;
  readonly gc: boolean;
  /** Engine every ratio divides by. */
  readonly reference: string;
  /** Extra lines under the table (skipped engines, caveats). */
  readonly notes: readonly string[];
}

/** The table of the speed report: absolute figures, then each as a ratio to the reference engine. */
export function speedTable(measurements: readonly EngineMeasurement[], reference: string): string {
  const ours = measurements.find((item) => item.name === reference);
  const heap = (item: EngineMeasurement): number | null =>
    item.heapDeltaBytes === null ? null : item.heapDeltaBytes + (item.externalDeltaBytes ?? 0);
  const rows = measurements.map((item) => [
    item.name,
    item.kind,
    formatMs(item.buildMs),
    formatMs(item.p50Ms),
    formatMs(item.p99Ms),
    formatMegabytes(item.heapDeltaBytes),
    formatMegabytes(item.externalDeltaBytes),
    `${formatPoints(item.quality)} (${item.qualityLabel})`,
    formatRatio(item.buildMs, ours?.buildMs ?? null),
    formatRatio(item.p50Ms, ours?.p50Ms ?? null),
    formatRatio(item.p99Ms, ours?.p99Ms ?? null),
    formatRatio(heap(item), ours === undefined ? null : heap(ours)),
  ]);
  return markdownTable(
    ['engine', 'kind', 'build ms', 'p50 ms', 'p99 ms', 'heap Δ MB', 'external Δ MB', 'quality', 'build ÷ ours', 'p50 ÷ ours', 'p99 ÷ ours', 'memory ÷ ours'],
    rows,
  );
}

/** `speed.md`: how it was measured, the table, and notes. */
export function renderSpeedReport(measurements: readonly EngineMeasurement[], context: SpeedReportContext): string {
  return [
    '# Speed against peers',
    '',
    `Set \`${context.set}\`: ${context.tools.toLocaleString('en-US')} tools, ${context.queries} dev queries, one process, Node ${context.nodeVersion}.`,
    `Ratios divide by \`${context.reference}\` (ours): above 1× means slower or larger than ours.`,
    'Build: one `index(tools)` (vector indexes: adding precomputed vectors). Latency: each query timed with `performance.now()` after untimed warm-up queries; p50/p99 are nearest-rank percentiles.',
    context.gc
      ? 'Memory: heap and external growth across the build, read after full garbage collections (`--expose-gc`); "memory ÷ ours" compares heap + external. Native memory an addon does not report (hnswlib) is not counted.'
      : 'Memory: not measured (the process ran without `--expose-gc`).',
    'Vector rows search precomputed query vectors (query embedding time excluded).',
    '',
    speedTable(measurements, context.reference),
    '',
    ...context.notes.map((note) => `- ${note}`),
    '',
  ].join('\n');
}
