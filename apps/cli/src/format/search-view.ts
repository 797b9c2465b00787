import type { SearchHit } from '@loadout/core';
import { countOf } from './count-of.js';
import { formatCount, renderTable } from './render-table.js';

function formatContributions(values: Readonly<Record<string, number>>): string {
  return Object.entries(values)
    .filter(([, value]) => value !== 0)
    .map(([key, value]) => `${key} ${value.toFixed(3)}`)
    .join(', ');
}

/** Learned features shown per hit with --explain: the largest by size; the rest are counted. */
const SHOWN_FEATURES = 5;

/**
 * A learned re-ranker's `feature.<name>` components: the {@link SHOWN_FEATURES}
 * largest by size, by name, then how many more and their sum, then the
 * model's `bias`, so the line adds up to the score.
 */
function formatFeatures(values: Readonly<Record<string, number>>): string {
  const features = Object.entries(values)
    .filter(([key, value]) => key.startsWith('feature.') && value !== 0)
    .sort((a, b) => Math.abs(b[1]) - Math.abs(a[1]));
  if (features.length === 0) return '';
  const signed = (value: number): string => `${value >= 0 ? '+' : ''}${value.toFixed(3)}`;
  const shown = features.slice(0, SHOWN_FEATURES).map(([key, value]) => `${key.slice('feature.'.length)} ${signed(value)}`);
  const rest = features.slice(SHOWN_FEATURES);
  const more = rest.length > 0 ? ` (${rest.length} more, ${signed(rest.reduce((sum, [, value]) => sum + value, 0))} together)` : '';
  const bias = values['bias'];
  return shown.join(', ') + more + (bias === undefined ? '' : `; bias ${signed(bias)}`);
}

function shorten(text: string, width: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > width ? `${line.slice(0, width - 1)}…` : line;
}

/** Ranked hits as a table; with `explain`, each hit's fields, components and notes beneath. */
export function renderSearchView(query: string, hits: readonly SearchHit[], options: { explain: boolean; ranker: string; tools: number }): string {
  const head = `${hits.length} result${hits.length === 1 ? '' : 's'} for ${JSON.stringify(query)} (${options.ranker}, ${countOf(options.tools, 'tool')})\n\n`;
  if (hits.length === 0) return `${head}No tool matched. Try other words, or select:name to load a tool by name.\n`;
  const table = renderTable(
    hits.map((hit, index) => ({ hit, rank: index + 1 })),
    [
      { header: '#', value: (row) => row.rank },
      { header: 'score', value: (row) => row.hit.score.toFixed(3), align: 'right' },
      { header: 'tool', value: (row) => row.hit.tool.displayName },
      { header: 'description', value: (row) => shorten(row.hit.tool.description, 60) },
    ],
  );
  if (!options.explain) return head + table;
  const details = hits.map((hit, index) => {
    const explanation = hit.explanation;
    const lines = [`${index + 1}. ${hit.tool.displayName}  score ${hit.score.toFixed(3)}`];
    if (explanation === undefined) return `${lines[0]}\n   (this ranker gives no explanation)`;
    if (explanation.matchedTerms.length > 0) lines.push(`   matched terms: ${explanation.matchedTerms.join(', ')}`);
    const fields = formatContributions(explanation.fields);
    if (fields !== '') lines.push(`   fields: ${fields}`);
    const features = formatFeatures(explanation.components);
    // A learned model's bias is said with its features, where it adds up to the score.
    const own = Object.entries(explanation.components).filter(([key]) => !key.startsWith('feature.') && (features === '' || key !== 'bias'));
    const components = formatContributions(Object.fromEntries(own));
    if (components !== '') lines.push(`   components: ${components}`);
    if (features !== '') lines.push(`   learned features: ${features}`);
    for (const note of explanation.notes) lines.push(`   note: ${note}`);
    return lines.join('\n');
  });
  return `${head}${table}\nWhy they matched\n${details.join('\n')}\n`;
}
