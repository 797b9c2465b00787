import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Ranker trial F15 (decision 3466): `loadout rankers` was 219 lines, each BM25F ranker listing k1, b, fieldWeights.*
// and again bm25.k1, bm25.b, bm25.fieldWeights.*; hybrid's fieldWeights.usage said "learning sets it", which it never does.
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const rankers = (...flags: string[]): string => {
  const run = spawnSync(process.execPath, [main, 'rankers', '--no-config', ...flags], { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '', NO_COLOR: '1' } });
  expect(run.status).toBe(0);
  expect(run.stderr).toBe('');
  return run.stdout;
};

describe('loadout rankers', () => {
  it('lists each ranker with its top-level options, object ones summed up, in under 60 lines', () => {
    const text = rankers();
    expect(text.split('\n').length).toBeLessThan(60);
    expect(text).toMatch(/^bm25f \(default\): /m);
    expect(text).toMatch(/^ {4}k1 +number, default 2, 0–10: /m);
    expect(text).toMatch(/^ {4}bm25 +object, \d+ options inside: /m);
    expect(text).not.toMatch(/bm25\.k1 +number|fieldWeights\.name +number/);
    expect(text.endsWith('loadout rankers --verbose, or --json.\n')).toBe(true);
  });

  it('--verbose lists every option at every level, as before', () => {
    const text = rankers('--verbose');
    expect(text).toMatch(/^ {4}bm25\.k1 +number, default 2/m);
    expect(text).toMatch(/^ {4}bm25\.fieldB\.usage +number/m);
    expect(text).not.toContain('--verbose');
  });

  it('--json keeps every option, and no ranker is said to have a usage field learning sets unless it learns', () => {
    const json = JSON.parse(rankers('--json')) as { rankers: { name: string; capabilities: { learnsFromUsage: string[] | null }; options: Record<string, { properties?: Record<string, { description: string }> }> }[] };
    const hybrid = json.rankers.find((ranker) => ranker.name === 'hybrid')!;
    expect(hybrid.capabilities.learnsFromUsage).toBeNull();
    // It can still be set (rankerOptions accepts it, and bm25.usage in code fills the field): kept, described truly.
    const usage = hybrid.options['fieldWeights']!.properties!['usage']!.description;
    expect(usage).toContain('for a ranker that learns from usage, bm25.usage in code for any');
    expect(Object.keys(hybrid.options['bm25']!.properties!)).toContain('k1');
  });
});
