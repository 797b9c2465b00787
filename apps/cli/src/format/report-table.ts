import { escapeHtml } from './html-text.js';

/** A cell of a {@link reportTable}: its markup (already escaped) and, optionally, a class. */
export interface ReportCell {
  readonly html: string;
  readonly className?: string;
}

/**
 * A table of the eval report that reads at phone width: from 640 px down
 * ({@link REPORT_TABLE_STYLE}) each row is a card, its first cell the title
 * and every other cell one line, labelled by its column's heading (the
 * cell's `data-label`: CSS only, no script). `headings` are plain text;
 * cells are markup.
 */
export function reportTable(headings: readonly string[], rows: readonly (readonly ReportCell[])[]): string {
  const labels = headings.map(escapeHtml);
  const row = (cells: readonly ReportCell[]): string =>
    `<tr>${cells.map((cell, index) => `<td data-label="${labels[index] ?? ''}"${cell.className === undefined ? '' : ` class="${cell.className}"`}>${cell.html}</td>`).join('')}</tr>`;
  return `<div class="scroll"><table class="stack">
<thead><tr>${labels.map((label) => `<th>${label}</th>`).join('')}</tr></thead>
<tbody>
${rows.map(row).join('\n')}
</tbody>
</table></div>`;
}

/** The CSS of {@link reportTable}'s stacked rows, for the report's style sheet. */
export const REPORT_TABLE_STYLE = `
@media (max-width: 640px) {
  table.stack thead { display: none; }
  table.stack, table.stack tbody, table.stack tr, table.stack td { display: block; width: 100%; }
  table.stack tr { background: var(--card); border: 1px solid var(--line); border-radius: 8px; padding: 6px 12px; margin: 8px 0; }
  table.stack td { display: flex; justify-content: space-between; gap: 12px; padding: 2px 0; border: 0; white-space: normal; text-align: right; overflow-wrap: anywhere; }
  table.stack td::before { content: attr(data-label); color: var(--muted); text-align: left; white-space: nowrap; }
  table.stack td:first-child { display: block; font-weight: 600; text-align: left; }
  table.stack td:first-child::before { content: none; }
}
`;
