import { describe, expect, it } from 'vitest';
import { namedModules } from './named-modules.js';

describe('namedModules', () => {
  it('resolves the paths of rankers and plugins against the folder and keeps packages apart', () => {
    const named = namedModules({ rankers: { mine: './mine.mjs', theirs: '@acme/ranker' }, plugins: ['../mods.mjs', '/abs/x.js'] }, '/repo/app');
    expect(named.files).toEqual([
      { key: 'rankers.mine', specifier: './mine.mjs', file: '/repo/app/mine.mjs' },
      { key: 'plugins[0]', specifier: '../mods.mjs', file: '/repo/mods.mjs' },
      { key: 'plugins[1]', specifier: '/abs/x.js', file: '/abs/x.js' },
    ]);
    expect(named.packages).toEqual([{ key: 'rankers.theirs', specifier: '@acme/ranker' }]);
  });

  it('reads a ranker entry written as { module, startTimeoutMs } too, so the gate pins its module (decision 3435)', () => {
    const named = namedModules({ rankers: { slow: { module: './slow.mjs', startTimeoutMs: 60_000 }, odd: { startTimeoutMs: 1 } } }, '/repo/app');
    expect(named).toEqual({ files: [{ key: 'rankers.slow', specifier: './slow.mjs', file: '/repo/app/slow.mjs' }], packages: [] });
  });

  it('skips values of the wrong type (the config check reports them) and names nothing for other values', () => {
    expect(namedModules({ rankers: ['./a.mjs'], plugins: [1, '', './b.mjs'] }, '/f')).toEqual({ files: [{ key: 'plugins[2]', specifier: './b.mjs', file: '/f/b.mjs' }], packages: [] });
    expect(namedModules(undefined, '/f')).toEqual({ files: [], packages: [] });
  });
});
