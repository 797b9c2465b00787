import type { ToolLoadingPlan } from '@loadout/core';
import { buildTokenChartModel } from '../tokens/token-chart-model.js';
import type { TokenChartModel } from '../tokens/token-chart-model.js';
import { h, formatCount, replaceChildren, svg } from './dom.js';

const WIDTH = 440;
const LABEL_WIDTH = 112;
const VALUE_WIDTH = 76;
const ROW_HEIGHT = 21;
const TOP = 26;

function compact(value: number): string {
  if (value >= 1_000_000) return `${(value / 1_000_000).toFixed(value >= 10_000_000 ? 0 : 1)}M`;
  if (value >= 10_000) return `${Math.round(value / 1000)}k`;
  if (value >= 1000) return `${(value / 1000).toFixed(1)}k`;
  return String(value);
}

/** Draws the waterfall of deferrable tokens per server with the `auto` threshold line. */
export function renderTokenChart(model: TokenChartModel): SVGSVGElement {
  const plotWidth = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const x = (tokens: number): number => LABEL_WIDTH + (tokens / model.scaleMax) * plotWidth;
  const height = TOP + model.rows.length * ROW_HEIGHT + 12;
  const thresholdX = x(model.thresholdTokens);
  const crossed = model.deferrableTokens >= model.thresholdTokens;
  return svg(
    'svg',
    {
      id: 'token-chart',
      viewBox: `0 0 ${WIDTH} ${height}`,
      role: 'img',
      'aria-labelledby': 'token-chart-title',
      class: 'token-chart',
    },
    svg(
      'title',
      { id: 'token-chart-title' },
      `Deferrable definition tokens per server, cumulative: ${formatCount(model.deferrableTokens)} in all; the auto threshold is ${formatCount(model.thresholdTokens)}`,
    ),
    model.rows.map((row, index) => {
      const y = TOP + index * ROW_HEIGHT;
      const barWidth = Math.max((row.deferrableTokens / model.scaleMax) * plotWidth, row.deferrableTokens > 0 ? 1.5 : 0);
      const over = row.offset + row.deferrableTokens > model.thresholdTokens;
      return svg(
        'g',
        { class: 'row' },
        svg('text', { x: LABEL_WIDTH - 8, y: y + 15, 'text-anchor': 'end', class: 'label' }, row.label.length > 18 ? `${row.label.slice(0, 17)}…` : row.label),
        svg('rect', { x: LABEL_WIDTH, y: y + 3, width: plotWidth, height: ROW_HEIGHT - 6, class: 'track' }),
        svg(
          'rect',
          { x: x(row.offset), y: y + 3, width: barWidth, height: ROW_HEIGHT - 6, rx: 2, class: over ? 'bar over' : 'bar' },
          svg('title', {}, `${row.label}: ${formatCount(row.tokens)} tokens in ${row.tools} tools, ${formatCount(row.deferrableTokens)} deferrable`),
        ),
        svg(
          'text',
          { x: WIDTH - 4, y: y + 15, 'text-anchor': 'end', class: 'value' },
          row.deferrableTokens === row.tokens ? compact(row.tokens) : `${compact(row.deferrableTokens)} / ${compact(row.tokens)}`,
        ),
      );
    }),
    svg('line', { x1: thresholdX, x2: thresholdX, y1: TOP - 8, y2: height - 6, class: model.thresholdActive ? 'threshold active' : 'threshold' }),
    svg(
      'text',
      { x: Math.min(thresholdX, WIDTH - VALUE_WIDTH - 4), y: TOP - 12, 'text-anchor': thresholdX > WIDTH - VALUE_WIDTH - 60 ? 'end' : 'middle', class: 'threshold-label' },
      `auto ${model.thresholdPercent}% = ${compact(model.thresholdTokens)}${crossed ? ' (reached)' : ''}`,
    ),
  );
}

/** The tokens panel: the chart, and what deferring saves. */
export interface TokenPanel {
  readonly element: HTMLElement;
  show(plan: ToolLoadingPlan): void;
}

/** Creates the {@link TokenPanel}. */
export function createTokenPanel(): TokenPanel {
  const chart = h('div', { class: 'chart' });
  const savings = h('div', { id: 'token-savings', class: 'savings', 'aria-live': 'polite' });
  const element = h(
    'section',
    { id: 'tokens-panel', class: 'panel', 'aria-labelledby': 'tokens-heading' },
    h('h2', { id: 'tokens-heading' }, 'Where the tokens go'),
    h('p', { class: 'hint' }, 'Deferrable definition tokens per server, stacked: the last bar ends at the total that auto compares with the threshold. Right: deferrable / all tokens.'),
    chart,
    savings,
  );
  return {
    element,
    show(plan) {
      const model = buildTokenChartModel(plan);
      replaceChildren(chart, renderTokenChart(model));
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
              ' load upfront.',
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
