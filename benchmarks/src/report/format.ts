/** Milliseconds with about three significant digits (`0.0652`, `3.41`, `2210`). */
export function formatMs(ms: number): string {
  if (ms === 0) return '0';
  if (ms >= 100) return ms.toFixed(0);
  if (ms >= 10) return ms.toFixed(1);
  if (ms >= 1) return ms.toFixed(2);
  return ms.toPrecision(3);
}

/** A 0–1 share as percentage points with one decimal (`67.8`). */
export function formatPoints(share: number): string {
  return (share * 100).toFixed(1);
}

/** Bytes as MB with one decimal, `n/a` for `null`. */
export function formatMegabytes(bytes: number | null): string {
  return bytes === null ? 'n/a' : (bytes / 1_048_576).toFixed(1);
}

/** `value / reference` as `12.3×`; `n/a` when either is missing or the reference is not positive. */
export function formatRatio(value: number | null, reference: number | null): string {
  if (value === null || reference === null || !(reference > 0)) return 'n/a';
  const ratio = value / reference;
  return `${ratio >= 10 ? ratio.toFixed(0) : ratio >= 1 ? ratio.toFixed(1) : ratio.toFixed(2)}×`;
}

/** A Markdown table; cells are escaped for `|`. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const escape = (cell: string): string => cell.replace(/\|/g, '\\|');
  const line = (cells: readonly string[]): string => `| ${cells.map(escape).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}
