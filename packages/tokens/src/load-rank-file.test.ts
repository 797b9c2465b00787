import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { createRankFileLoader, loadRankFile } from './load-rank-file.js';

describe('createRankFileLoader', () => {
  it('asks for js-tiktoken/ranks/<encoding> and passes its export through', () => {
    const asked: string[] = [];
    const load = createRankFileLoader((specifier) => {
      asked.push(specifier);
      return { bpe_ranks: '! 0 YQ==' };
    });
    expect(load('o200k_base')).toEqual({ bpe_ranks: '! 0 YQ==' });
    expect(asked).toEqual(['js-tiktoken/ranks/o200k_base']);
  });

  it('answers undefined for a file that is missing or throws when evaluated', () => {
    const missing = createRankFileLoader((specifier) => {
      throw Object.assign(new Error(`Cannot find module '${specifier}'`), { code: 'MODULE_NOT_FOUND' });
    });
    const broken = createRankFileLoader(() => {
      throw new SyntaxError('Unexpected token');
    });
    expect(missing('cl100k_base')).toBeUndefined();
    expect(broken('cl100k_base')).toBeUndefined();
  });

  it('loads the installed js-tiktoken file itself (the CommonJS build, synchronously)', () => {
    const installed = createRequire(import.meta.url)('js-tiktoken/ranks/cl100k_base') as { bpe_ranks: string };
    expect(loadRankFile('cl100k_base')).toBe(installed);
    expect(installed.bpe_ranks.length).toBeGreaterThan(1_000_000);
  });
});

describe('#load-rank-file in the published package.json', () => {
  it('gives bundlers (conditions browser and module) the static loader and plain Node the require one', async () => {
    const { readFile } = await import('node:fs/promises');
    const manifest = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as { imports: Record<string, Record<string, unknown>> };
    const published = Object.entries(manifest.imports['#load-rank-file']!).filter(([condition]) => condition !== 'development');
    // Order matters: a resolver takes the first condition it knows, and Node knows only default here.
    expect(published).toEqual([
      ['browser', './dist/load-rank-file-browser.js'],
      ['module', './dist/load-rank-file-browser.js'],
      ['default', './dist/load-rank-file.js'],
    ]);
  });
});
