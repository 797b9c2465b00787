import { describe, expect, it } from 'vitest';
import { escapeXml, renderBarChart } from './svg-bar-chart.js';

/** Checks that every tag is closed in order, attributes are quoted, and no raw `<` or `&` sits in text. */
function wellFormedProblems(svg: string): string[] {
  const problems: string[] = [];
  const stack: string[] = [];
  const tokens = svg.split(/(<[^>]*>)/);
  for (const token of tokens) {
    if (token.startsWith('<')) {
      const match = /^<(\/?)([a-zA-Z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>$/.exec(token);
      if (match === null) {
        problems.push(`bad tag ${token}`);
        continue;
      }
      const [, closing, name, , selfClosing] = match;
      if (selfClosing) continue;
      if (closing) {
        const open = stack.pop();
        if (open !== name) problems.push(`</${name!}> closes <${open ?? 'nothing'}>`);
      } else stack.push(name!);
    } else if (/<|&(?!(amp|lt|gt|quot|apos);)/.test(token)) {
      problems.push(`unescaped text ${token}`);
    }
  }
  if (stack.length > 0) problems.push(`unclosed ${stack.join(', ')}`);
  return problems;
}

describe('renderBarChart', () => {
  const chart = renderBarChart({
    title: 'Recall@5 <dev> & more',
    categories: ['mix10k', 'sealtools'],
    series: [
      { name: 'bm25f', values: [67.8, 88.8] },
      { name: 'wink & "co"', values: [60.1, null] },
    ],
    valueLabel: 'Recall@5 (%)',
  });

  it('is one well-formed svg element with escaped text', () => {
    expect(chart.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(wellFormedProblems(chart)).toEqual([]);
    expect(chart).toContain('Recall@5 &lt;dev&gt; &amp; more');
    expect(chart).toContain('wink &amp; &quot;co&quot;');
  });

  it('draws one bar per present value, labelled, and skips missing ones', () => {
    expect(chart.match(/<rect [^>]*><title>/g)).toHaveLength(3);
    expect(chart).toContain('>67.8</text>');
    expect(chart).toContain('>88.8</text>');
    expect(chart).not.toContain('wink &amp; &quot;co&quot; on sealtools');
  });

  it('scales bars to the axis: a bar twice the value is twice as tall', () => {
    const svg = renderBarChart({ title: 't', categories: ['a'], series: [{ name: 's', values: [20] }, { name: 'u', values: [40] }], maxValue: 50 });
    const heights = [...svg.matchAll(/<rect [^>]*height="([\d.]+)" fill="#(?:4e79a7|f28e2b)"><title>/g)].map((match) => Number(match[1]));
    expect(heights).toHaveLength(2);
    expect(heights[1]! / heights[0]!).toBeCloseTo(2, 1);
  });

  it('handles no data without dividing by zero', () => {
    const svg = renderBarChart({ title: 'empty', categories: [], series: [] });
    expect(wellFormedProblems(svg)).toEqual([]);
    expect(svg).not.toContain('NaN');
  });

  it('the checker itself catches a broken document', () => {
    expect(wellFormedProblems('<svg><g></svg>')).not.toEqual([]);
    expect(wellFormedProblems('<svg>a & b</svg>')).not.toEqual([]);
    expect(escapeXml(`<a href='x'>&</a>`)).toBe('&lt;a href=&apos;x&apos;&gt;&amp;&lt;/a&gt;');
  });
});
