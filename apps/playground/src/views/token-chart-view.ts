import type { ToolLoadingPlan } from '@loadout/core';
import { buildTokenChartModel } from '../tokens/token-chart-model.js';
import type { TokenChartModel, TokenChartRow } from '../tokens/token-chart-model.js';
import { tokenFormat } from '../tokens/token-format.js';
import { h, formatCount, replaceChildren, svg } from './dom.js';

/** Width drawn when the chart's box has no width yet (not laid out). */
const DEFAULT_WIDTH = 440;
/** Every text of the chart, in CSS pixels: the chart is drawn at its box's width, never scaled down. */
const FONT_SIZE = 12;
/** Average advance of a character at {@link FONT_SIZE}, for fitting labels where text cannot be measured. */
const CHARACTER_WIDTH = 7;

/** The width in CSS pixels of `text` at {@link FONT_SIZE} (bold or not). */
export type TextMeasure = (text: string, bold: boolean) => number;

const estimate: TextMeasure = (text, bold) => text.length * (bold ? CHARACTER_WIDTH + 0.5 : CHARACTER_WIDTH);

/** A {@link TextMeasure} in `fontFamily` through a canvas, or the estimate where there is no canvas. */
export function canvasTextMeasure(fontFamily: string): TextMeasure {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (context === null) return estimate;
  return (text, bold) => {
    context.font = `${bold ? '700 ' : ''}${FONT_SIZE}px ${fontFamily}`;
    return context.measureText(text).width;
  };
}
const VALUE_WIDTH = 48;
const ROW_HEIGHT = 22;
/** Room above the total band for the threshold label. */
const TOP = 22;
const BAND_HEIGHT = 18;
/** One line of the legend under the band. */
const LEGEND_LINE = 20;
const SWATCH = 10;

/** `text`, cut with an ellipsis until it is at most `room` pixels wide. */
function fit(text: string, room: number, measure: TextMeasure, bold = false): string {
  if (measure(text, bold) <= room) return text;
  let length = text.length - 1;
  while (length > 1 && measure(`${text.slice(0, length)}…`, bold) > room) length--;
  return `${text.slice(0, length)}…`;
}

/**
 * Draws the tokens `auto` counts, `width` CSS pixels wide (its box's width:
 * texts stay {@link FONT_SIZE} px at any screen size): a band of the
 * deferrable total with one segment per server, in the order of the rows
 * and in their shades (the smallest folded into one "N more" segment), a
 * legend saying so, the threshold line when the threshold decides, then one
 * bar per server on one scale shared by the rows (the largest server spans
 * the plot, so small servers stay visible next to a large total), each with
 * its count beside it in the chart's one unit.
 */
export function renderTokenChart(model: TokenChartModel, width = DEFAULT_WIDTH, measure: TextMeasure = estimate): SVGSVGElement {
  // The label column fits the longest label (bold total included), within 30–40% of the width.
  const longest = Math.max(measure('all deferrable', true), ...model.rows.map((row) => measure(row.label, false)));
  const labelWidth = Math.round(Math.min(Math.max(longest + 10, width * 0.3), width * 0.4));
  const labelRoom = labelWidth - 8;
  const plotWidth = width - labelWidth - VALUE_WIDTH;
  const format = tokenFormat([model.deferrableTokens, ...(model.thresholdDecides ? [model.thresholdTokens] : []), ...model.rows.map((row) => row.deferrableTokens)]);
  const bandMax = Math.max(model.deferrableTokens, model.thresholdDecides ? model.thresholdTokens : 0, 1);
  const bandX = (tokens: number): number => labelWidth + (tokens / bandMax) * plotWidth;
  const servers = model.rows.filter((row) => !row.folded);
  const folded = model.rows.find((row) => row.folded);
  const rowMax = Math.max(...servers.map((row) => row.deferrableTokens), 1);
  const shade = (row: TokenChartRow, index: number): string => (row.folded ? 'rest' : `shade-${index % 2}`);
  const legendTop = TOP + BAND_HEIGHT + 8;
  const legendLines = folded === undefined ? 1 : 2;
  const rowsTop = legendTop + legendLines * LEGEND_LINE + 4;
  const height = rowsTop + model.rows.length * ROW_HEIGHT + 6;
  const thresholdX = bandX(model.thresholdTokens);
  const baseline = (top: number, box: number): number => top + box / 2 + FONT_SIZE * 0.35;

  const band = svg(
    'g',
    { class: 'band' },
    svg('text', { x: labelWidth - 8, y: baseline(TOP, BAND_HEIGHT), 'text-anchor': 'end', class: 'label total-label' }, fit('all deferrable', labelRoom, measure, true)),
    svg('rect', { x: labelWidth, y: TOP, width: plotWidth, height: BAND_HEIGHT, class: 'track' }),
    model.rows.map((row, index) =>
      row.deferrableTokens === 0
        ? null
        : svg(
            'rect',
            { x: bandX(row.offset), y: TOP, width: Math.max((row.deferrableTokens / bandMax) * plotWidth, 0.75), height: BAND_HEIGHT, class: `segment ${shade(row, index)}` },
            svg('title', {}, `${row.label}: ${formatCount(row.deferrableTokens)} deferrable tokens`),
          ),
    ),
    svg('text', { x: width - 2, y: baseline(TOP, BAND_HEIGHT), 'text-anchor': 'end', class: 'value total-value' }, format(model.deferrableTokens)),
  );

  const legendRow = (line: number, swatches: readonly string[], text: string): SVGGElement => {
    const top = legendTop + line * LEGEND_LINE;
    const textX = labelWidth + swatches.length * (SWATCH + 3) + 3;
    return svg(
      'g',
      { class: 'legend-row' },
      swatches.map((name, index) => svg('rect', { x: labelWidth + index * (SWATCH + 3), y: top + (LEGEND_LINE - SWATCH) / 2 - 2, width: SWATCH, height: SWATCH, class: `segment ${name}` })),
      svg('text', { x: textX, y: baseline(top - 2, LEGEND_LINE), class: 'legend' }, fit(text, width - 2 - textX, measure)),
    );
  };
  const legend = svg(
    'g',
    { class: 'legend' },
    legendRow(0, ['shade-0', 'shade-1'], 'the servers below, in order'),
    folded === undefined ? null : legendRow(1, ['rest'], folded.label),
  );

  const rows = model.rows.map((row, index) => {
    const y = rowsTop + index * ROW_HEIGHT;
    const title = `${row.label}: ${formatCount(row.deferrableTokens)} deferrable tokens of ${formatCount(row.tokens)} in ${formatCount(row.tools)} tools`;
    return svg(
      'g',
      { class: row.folded ? 'row folded' : 'row', 'data-server': row.label, 'data-tokens': row.deferrableTokens },
      svg('text', { x: labelWidth - 8, y: baseline(y, ROW_HEIGHT), 'text-anchor': 'end', class: 'label' }, fit(row.label, labelRoom, measure), svg('title', {}, row.label)),
      row.folded
        ? svg('text', { x: labelWidth, y: baseline(y, ROW_HEIGHT), class: 'note' }, fit(`${formatCount(row.tools)} tools`, plotWidth, measure), svg('title', {}, title))
        : [
            svg('rect', { x: labelWidth, y: y + 4, width: plotWidth, height: ROW_HEIGHT - 8, class: 'track' }),
            svg(
              'rect',
              { x: labelWidth, y: y + 4, width: row.deferrableTokens === 0 ? 0 : Math.max((row.deferrableTokens / rowMax) * plotWidth, 1.5), height: ROW_HEIGHT - 8, rx: 2, class: `bar ${shade(row, index)}` },
              svg('title', {}, title),
            ),
          ],
      svg('text', { x: width - 2, y: baseline(y, ROW_HEIGHT), 'text-anchor': 'end', class: 'value' }, format(row.deferrableTokens)),
    );
  });

  const thresholdLabel = `auto ${model.thresholdPercent}% = ${format(model.thresholdTokens)}${model.thresholdReached ? ' (reached)' : ''}`;
  const thresholdLabelWidth = measure(thresholdLabel, true);
  return svg(
    'svg',
    { id: 'token-chart', viewBox: `0 0 ${width} ${height}`, width, height, role: 'img', 'aria-labelledby': 'token-chart-title', class: 'token-chart' },
    svg(
      'title',
      { id: 'token-chart-title' },
      `Deferrable definition tokens: ${formatCount(model.deferrableTokens)} in all${model.thresholdDecides ? `; the auto threshold is ${formatCount(model.thresholdTokens)}` : ''}. Largest servers: ${servers
        .slice(0, 5)
        .map((row) => `${row.label} ${formatCount(row.deferrableTokens)}`)
        .join(', ')}${folded === undefined ? '' : `; ${folded.label} ${formatCount(folded.deferrableTokens)}`}`,
    ),
    band,
    legend,
    rows,
    model.thresholdDecides
      ? [
          svg('line', { x1: thresholdX, x2: thresholdX, y1: TOP - 4, y2: TOP + BAND_HEIGHT + 4, class: model.thresholdReached ? 'threshold reached' : 'threshold' }),
          svg(
            'text',
            {
              // Kept inside the chart: centred on the line where it fits, else against the nearer edge.
              x: Math.min(Math.max(thresholdX, labelWidth + thresholdLabelWidth / 2), width - 2 - thresholdLabelWidth / 2),
              y: TOP - 8,
              'text-anchor': 'middle',
              class: 'threshold-label',
            },
            thresholdLabel,
          ),
        ]
      : null,
  );
}

/** One sentence on what the threshold means for this plan, or why none applies. */
export function describeThreshold(model: TokenChartModel): string {
  const threshold = `${model.thresholdPercent}% of the ${formatCount(model.contextWindow)}-token context = ${formatCount(model.thresholdTokens)} tokens`;
  if (model.thresholdDecides) {
    return `The red line is the auto threshold, ${threshold}: tool search turns on when the deferrable total reaches it. ${formatCount(model.deferrableTokens)} ${model.thresholdReached ? 'reaches' : 'stays below'} it, so tool search is ${model.thresholdReached ? 'on' : 'off'}.`;
  }
  return `No threshold applies: the rule that decided (${model.reason}) does not depend on the catalog's size. With ENABLE_TOOL_SEARCH=auto, tool search would turn on at ${threshold}.`;
}

/** The tokens panel: the chart, and what deferring saves. */
export interface TokenPanel {
  readonly element: HTMLElement;
  show(plan: ToolLoadingPlan): void;
}

/** Creates the {@link TokenPanel}. */
export function createTokenPanel(): TokenPanel {
  const chart = h('div', { class: 'chart' });
  const threshold = h('p', { id: 'token-threshold', class: 'hint' });
  const savings = h('div', { id: 'token-savings', class: 'savings', 'aria-live': 'polite' });
  const element = h(
    'section',
    { id: 'tokens-panel', class: 'panel', 'aria-labelledby': 'tokens-heading' },
    h('h2', { id: 'tokens-heading' }, 'Where the tokens go'),
    h(
      'p',
      { class: 'hint', id: 'token-chart-hint' },
      'Definition tokens that tool search can defer. The band is their total, one segment per server in the order of the rows below. The rows share one scale of their own, the largest server spanning the width, so small servers stay visible.',
    ),
    chart,
    threshold,
    savings,
  );
  let shown: TokenChartModel | undefined;
  let drawnWidth = 0;
  let measure: TextMeasure | undefined;
  const draw = (): void => {
    if (shown === undefined) return;
    drawnWidth = chart.clientWidth;
    measure ??= drawnWidth > 0 ? canvasTextMeasure(getComputedStyle(chart).fontFamily) : undefined;
    replaceChildren(chart, renderTokenChart(shown, drawnWidth > 0 ? drawnWidth : undefined, measure));
  };
  // Drawn at the box's width in CSS pixels, so the labels keep their size: redrawn when the box changes width.
  if (typeof ResizeObserver === 'function') {
    new ResizeObserver(() => {
      if (chart.clientWidth !== drawnWidth) draw();
    }).observe(chart);
  }
  return {
    element,
    show(plan) {
      const model = buildTokenChartModel(plan);
      shown = model;
      draw();
      threshold.textContent = describeThreshold(model);
      const total = model.totalTokens;
      const percent = total === 0 ? 0 : (model.savedTokens / total) * 100;
      replaceChildren(
        savings,
        plan.decision.toolSearch === 'on'
          ? h(
              'p',
              {},
              'Deferring keeps ',
              h('strong', { id: 'saved-tokens' }, formatCount(model.savedTokens)),
              ` of ${formatCount(total)} definition tokens (${percent.toFixed(1)}%) out of the context; `,
              h('strong', {}, formatCount(plan.upfrontTokens)),
              ' load upfront (core tools, always-load and pinned tools included).',
            )
          : h(
              'p',
              {},
              'Tool search is off: all ',
              h('strong', {}, formatCount(plan.upfrontTokens)),
              ' definition tokens load upfront. With it on, ',
              h('strong', { id: 'saved-tokens' }, formatCount(model.deferrableTokens)),
              ' would be deferred.',
            ),
      );
    },
  };
}
