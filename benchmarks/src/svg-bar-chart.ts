/** One series of a grouped bar chart: a value per category, `null` where missing. */
export interface BarSeries {
  readonly name: string;
  readonly values: readonly (number | null)[];
}

/** What {@link renderBarChart} draws. */
export interface BarChartOptions {
  readonly title: string;
  /** Groups along the x axis (eval sets). */
  readonly categories: readonly string[];
  /** Bars within each group (rankers); at most 8 get distinct colours, then colours repeat. */
  readonly series: readonly BarSeries[];
  /** Axis label of values (`Recall@5 (%)`). Default: none. */
  readonly valueLabel?: string;
  /** Top of the value axis. Default: the largest value, rounded up to a tick. */
  readonly maxValue?: number;
  /** Formats a bar's label and the ticks. Default: one decimal. */
  readonly format?: (value: number) => string;
  /** Width in pixels. Default 760. */
  readonly width?: number;
  /** Height in pixels. Default 360. */
  readonly height?: number;
}

const COLORS = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#9c755f'];

/** Escapes text for SVG element content and attribute values. */
export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

function niceStep(max: number): number {
  const raw = max / 5;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const normalized = raw / magnitude;
  const nice = normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 2.5 ? 2.5 : normalized <= 5 ? 5 : 10;
  return nice * magnitude;
}

const round = (value: number): string => String(Math.round(value * 10) / 10);

/**
 * A grouped bar chart as a standalone SVG document: one group per category,
 * one bar per series, a value label on each bar, a value axis with ticks and
 * a legend. Missing values leave a gap. Negative values are drawn as 0.
 */
export function renderBarChart(options: BarChartOptions): string {
  const { title, categories, series, valueLabel, width = 760, height = 360 } = options;
  const format = options.format ?? ((value: number) => value.toFixed(1));
  const values = series.flatMap((item) => item.values.filter((value): value is number => value !== null && Number.isFinite(value)));
  const largest = Math.max(0, ...values);
  const step = largest > 0 ? niceStep(options.maxValue ?? largest) : 1;
  const top = options.maxValue ?? Math.max(step, Math.ceil(largest / step) * step);
  const margin = { top: 40, right: 16, bottom: 40 + 18 * Math.ceil(series.length / 4), left: 56 };
  const plotWidth = width - margin.left - margin.right;
  const plotHeight = height - margin.top - margin.bottom;
  const y = (value: number): number => margin.top + plotHeight - (Math.min(Math.max(value, 0), top) / top) * plotHeight;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="11">`,
    `<title>${escapeXml(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="22" text-anchor="middle" font-size="14" font-weight="bold">${escapeXml(title)}</text>`,
  );
  for (let tick = 0; tick <= top + step / 1000; tick += step) {
    const ty = round(y(tick));
    parts.push(
      `<line x1="${margin.left}" y1="${ty}" x2="${width - margin.right}" y2="${ty}" stroke="#e0e0e0"/>`,
      `<text x="${margin.left - 6}" y="${ty}" text-anchor="end" dominant-baseline="middle">${escapeXml(format(tick))}</text>`,
    );
  }
  if (valueLabel !== undefined) {
    const cy = margin.top + plotHeight / 2;
    parts.push(`<text x="14" y="${cy}" text-anchor="middle" transform="rotate(-90 14 ${cy})">${escapeXml(valueLabel)}</text>`);
  }
  const groupWidth = plotWidth / Math.max(1, categories.length);
  const barWidth = (groupWidth * 0.8) / Math.max(1, series.length);
  categories.forEach((category, categoryIndex) => {
    const groupLeft = margin.left + categoryIndex * groupWidth + groupWidth * 0.1;
    series.forEach((item, seriesIndex) => {
      const value = item.values[categoryIndex];
      if (value === null || value === undefined || !Number.isFinite(value)) return;
      const x = groupLeft + seriesIndex * barWidth;
      const barTop = y(value);
      const color = COLORS[seriesIndex % COLORS.length]!;
      parts.push(
        `<rect x="${round(x)}" y="${round(barTop)}" width="${round(Math.max(barWidth - 2, 1))}" height="${round(margin.top + plotHeight - barTop)}" fill="${color}"><title>${escapeXml(`${item.name} on ${category}: ${format(value)}`)}</title></rect>`,
        `<text x="${round(x + barWidth / 2 - 1)}" y="${round(barTop - 3)}" text-anchor="middle" font-size="9">${escapeXml(format(value))}</text>`,
      );
    });
    parts.push(
      `<text x="${round(groupLeft + groupWidth * 0.4)}" y="${margin.top + plotHeight + 16}" text-anchor="middle">${escapeXml(category)}</text>`,
    );
  });
  parts.push(`<line x1="${margin.left}" y1="${margin.top + plotHeight}" x2="${width - margin.right}" y2="${margin.top + plotHeight}" stroke="#333333"/>`);
  series.forEach((item, index) => {
    const lx = margin.left + (index % 4) * (plotWidth / 4);
    const ly = margin.top + plotHeight + 34 + 18 * Math.floor(index / 4);
    parts.push(
      `<rect x="${round(lx)}" y="${ly - 9}" width="10" height="10" fill="${COLORS[index % COLORS.length]!}"/>`,
      `<text x="${round(lx + 14)}" y="${ly}">${escapeXml(item.name)}</text>`,
    );
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
