import { signedPoints } from '@loadout/eval';
import { ms } from './html-text.js';

/** A bar from −scale to +scale with the interval drawn on it and 0 marked. */
export function intervalSvg(low: number, diff: number, high: number, scale: number): string {
  const x = (value: number): number => 50 + (Math.max(-scale, Math.min(scale, value)) / scale) * 48;
  const colour = signedPoints(low).startsWith('+') ? 'var(--good)' : signedPoints(high).startsWith('−') ? 'var(--bad)' : 'var(--bar)';
  return `<svg class="interval" viewBox="0 0 100 14" preserveAspectRatio="none" role="img" aria-label="Recall@5 difference ${signedPoints(diff)} points, 95% interval ${signedPoints(low)} to ${signedPoints(high)}">
<line x1="50" y1="0" x2="50" y2="14" stroke="var(--muted)" stroke-width="0.3"/>
<rect x="${x(low).toFixed(2)}" y="5" width="${Math.max(0.4, x(high) - x(low)).toFixed(2)}" height="4" fill="${colour}" opacity="0.45"/>
<rect x="${(x(diff) - 0.4).toFixed(2)}" y="2" width="0.8" height="10" fill="${colour}"/>
</svg>
<div style="display:flex;justify-content:space-between;color:var(--muted);font-size:12px"><span>${signedPoints(-scale)} points</span><span>0</span><span>${signedPoints(scale)} points</span></div>`;
}

/** A histogram of latencies over log-spaced buckets, as an inline SVG that scales to its box. */
export function latencySvg(latencies: readonly number[], lowest: number, highest: number): string {
  const buckets = 24;
  const floor = Math.log10(Math.max(lowest, 1e-4));
  const span = Math.max(1e-9, Math.log10(Math.max(highest, 1e-4)) - floor);
  const counts = new Array<number>(buckets).fill(0);
  for (const value of latencies) {
    const position = Math.floor(((Math.log10(Math.max(value, 1e-4)) - floor) / span) * buckets);
    counts[Math.min(buckets - 1, Math.max(0, position))]!++;
  }
  const most = Math.max(1, ...counts);
  const bars = counts
    .map((count, index) => {
      const height = (count / most) * 40;
      return count === 0 ? '' : `<rect x="${(index * (100 / buckets) + 0.3).toFixed(2)}" y="${(44 - height).toFixed(2)}" width="${(100 / buckets - 0.6).toFixed(2)}" height="${height.toFixed(2)}" fill="var(--bar)"/>`;
    })
    .join('');
  return `<svg class="interval" style="height:64px" viewBox="0 0 100 56" preserveAspectRatio="none" role="img" aria-label="latency histogram from ${ms(lowest)} to ${ms(highest)} ms">${bars}<line x1="0" y1="44.5" x2="100" y2="44.5" stroke="var(--line)" stroke-width="0.3"/></svg>
<div style="display:flex;justify-content:space-between;color:var(--muted);font-size:12px"><span>${ms(lowest)} ms</span><span>log scale</span><span>${ms(highest)} ms</span></div>`;
}
