/** A column of a plain-text table. */
export interface TableColumn<Row> {
  readonly header: string;
  readonly value: (row: Row) => string | number;
  /** Default: right for numbers, left otherwise. */
  readonly align?: 'left' | 'right';
}

/** Renders rows as an aligned plain-text table with a header rule. */
export function renderTable<Row>(rows: readonly Row[], columns: readonly TableColumn<Row>[]): string {
  const cells = rows.map((row) => columns.map((column) => column.value(row)));
  const widths = columns.map((column, index) =>
    Math.max(column.header.length, ...cells.map((row) => String(row[index]).length)),
  );
  const alignments = columns.map(
    (column, index) => column.align ?? (cells.length > 0 && typeof cells[0]?.[index] === 'number' ? 'right' : 'left'),
  );
  const line = (values: readonly (string | number)[]) =>
    values
      .map((value, index) => {
        const text = String(value);
        const width = widths[index] ?? 0;
        return alignments[index] === 'right' ? text.padStart(width) : text.padEnd(width);
      })
      .join('  ')
      .trimEnd();
  const header = line(columns.map((column) => column.header));
  const rule = widths.map((width) => '─'.repeat(width)).join('  ');
  return [header, rule, ...cells.map(line)].join('\n') + '\n';
}

/** 12345 → "12,345" (by hand: `toLocaleString` initialises ICU, about 0.1 s of a cold start). */
export function formatCount(value: number): string {
  const digits = String(Math.abs(Math.round(value)));
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 && Math.round(value) !== 0 ? `-${grouped}` : grouped;
}
