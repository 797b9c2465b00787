import type { ToolLoadingPlan } from '@loadout/core';
import { buildTokenChartModel } from '../tokens/token-chart-model.js';
import type { TokenChartModel } from '../tokens/token-chart-model.js';
import { tokenFormat } from '../tokens/token-format.js';
import { h, formatCount, replaceChildren, svg } from './dom.js';

const WIDTH = 440;
const LABEL_WIDTH = 112;
const VALUE_WIDTH = 52;
const ROW_HEIGHT = 21;
/** Room above the total band for the threshold label. */
const TOP = 22;
/** The total band and the gap below it. */
const BAND_HEIGHT = 30;

/**
 * Draws the tokens `auto` counts: a band of the deferrable total split by
 * server (the smallest folded into one "N more" segment) with the threshold
 * line when the threshold decides, then one bar per server on its own scale
 * (the largest server spans the plot), each with its count beside it in the
 * chart's one unit.
 */
export function renderTokenChart(model: TokenChartModel): SVGSVGElement {
  const plotWidth = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const format = tokenFormat([model.deferrableTokens, ...(model.thresholdDecides ? [model.thresholdTokens] : []), ...model.rows.map((row) => row.deferrableTokens)]);
  const bandMax = Math.max(model.deferrableTokens, model.thresholdDecides ? model.thresholdTokens : 0, 1);
  const bandX = (tokens: number): number => LABEL_WIDTH + (tokens / bandMax) * plotWidth;
  const servers = model.rows.filter((row) => !row.folded);
  const folded = model.rows.find((row) => row.folded);
  const rowMax = Math.max(...servers.map((row) => row.deferrableTokens), 1);
  const rowsTop = TOP + BAND_HEIGHT;
  const height = rowsTop + model.rows.length * ROW_HEIGHT + 6;
  const thresholdX = bandX(model.thresholdTokens);

  const band = svg(
    'g',
    { class: 'band' },
    svg('text', { x: LABEL_WIDTH - 8, y: TOP + 14, 'text-anchor': 'end', class: 'label total-label' }, 'all deferrable'),
    svg('rect', { x: LABEL_WIDTH, y: TOP + 2, width: plotWidth, height: 17, class: 'track' }),
    model.rows.map((row, index) =>
      row.deferrableTokens === 0
        ? null
        : svg(
            'rect',
            {
              x: bandX(row.offset),
              y: TOP + 2,
              width: Math.max((row.deferrableTokens / bandMax) * plotWidth, 0.75),
              height: 17,
              class: row.folded ? 'segment rest' : `segment shade-${index % 2}`,
            },
            svg('title', {}, `${row.label}: ${formatCount(row.deferrableTokens)} deferrable tokens`),
          ),
    ),
    svg('text', { x: WIDTH - 4, y: TOP + 14, 'text-anchor': 'end', class: 'value total-value' }, format(model.deferrableTokens)),
  );

  const rows = model.rows.map((row, index) => {
    const y = rowsTop + index * ROW_HEIGHT;
    const label = row.label.length > 18 ? `${row.label.slice(0, 17)}…` : row.label;
    const title = `${row.label}: ${formatCount(row.deferrableTokens)} deferrable tokens of ${formatCount(row.tokens)} in ${formatCount(row.tools)} tools`;
    return svg(
      'g',
      { class: row.folded ? 'row folded' : 'row', 'data-server': row.label, 'data-tokens': row.deferrableTokens },
      svg('text', { x: LABEL_WIDTH - 8, y: y + 15, 'text-anchor': 'end', class: 'label' }, label),
      row.folded
        ? svg('text', { x: LABEL_WIDTH, y: y + 15, class: 'note' }, `${formatCount(row.tools)} tools, the light segment above`, svg('title', {}, title))
        : [
            svg('rect', { x: LABEL_WIDTH, y: y + 4, width: plotWidth, height: ROW_HEIGHT - 8, class: 'track' }),
            svg(
              'rect',
              { x: LABEL_WIDTH, y: y + 4, width: row.deferrableTokens === 0 ? 0 : Math.max((row.deferrableTokens / rowMax) * plotWidth, 1.5), height: ROW_HEIGHT - 8, rx: 2, class: 'bar' },
              svg('title', {}, title),
            ),
          ],
      svg('text', { x: WIDTH - 4, y: y + 15, 'text-anchor': 'end', class: 'value' }, format(row.deferrableTokens)),
    );
  });

  return svg(
    'svg',
    { id: 'token-chart', viewBox: `0 0 ${WIDTH} ${height}`, role: 'img', 'aria-labelledby': 'token-chart-title', class: 'token-chart' },
    svg(
      'title',
      { id: 'token-chart-title' },
      `Deferrable definition tokens: ${formatCount(model.deferrableTokens)} in all${model.thresholdDecides ? `; the auto threshold is ${formatCount(model.thresholdTokens)}` : ''}. Largest servers: ${servers
        .slice(0, 5)
        .map((row) => `${row.label} ${formatCount(row.deferrableTokens)}`)
        .join(', ')}${folded === undefined ? '' : `; ${folded.label} ${formatCount(folded.deferrableTokens)}`}`,
    ),
    band,
    rows,
    model.thresholdDecides
      ? [
          svg('line', { x1: thresholdX, x2: thresholdX, y1: TOP - 4, y2: TOP + 23, class: model.thresholdReached ? 'threshold reached' : 'threshold' }),
          svg(
            'text',
            {
              x: Math.max(Math.min(thresholdX, WIDTH - 4), LABEL_WIDTH),
              y: TOP - 8,
              'text-anchor': thresholdX > WIDTH - 70 ? 'end' : thresholdX < LABEL_WIDTH + 70 ? 'start' : 'middle',
              class: 'threshold-label',
            },
            `auto ${model.thresholdPercent}% = ${format(model.thresholdTokens)}${model.thresholdReached ? ' (reached)' : ''}`,
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
    h('p', { class: 'hint' }, 'Definition tokens that tool search can defer: the band is their total, split by server; below, each server on its own scale.'),
    chart,
    threshold,
    savings,
  );
  return {
    element,
    show(plan) {
      const model = buildTokenChartModel(plan);
      replaceChildren(chart, renderTokenChart(model));
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
