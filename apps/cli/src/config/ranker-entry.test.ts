import { describe, expect, it } from 'vitest';
import { validateConfig } from './validate-config.js';

// Decision 3435: a ranker whose create() loads a model needs more than the 10 s start budget,
// so a `rankers` entry may be { module, startTimeoutMs }; the string form is unchanged.
const path = '/work/app/loadout.config.json';
const check = (rankers: unknown, file = path) => {
  const warnings: string[] = [];
  try {
    return { value: validateConfig({ rankers, mcpServers: {} }, file, (message) => warnings.push(message)).rankers, warnings };
  } catch (error) {
    return { error: error as Error & { code: string; details: unknown }, warnings };
  }
};

describe('a rankers entry', () => {
  it('is a module path or package name, or { module, startTimeoutMs }', () => {
    expect(check({ fast: './fast.mjs', slow: { module: './slow.mjs', startTimeoutMs: 60_000 }, plain: { module: '@acme/ranker' } }).value).toEqual({
      fast: './fast.mjs',
      slow: { module: './slow.mjs', startTimeoutMs: 60_000 },
      plain: { module: '@acme/ranker' },
    });
  });

  it.each([
    [{ slow: { module: './slow.mjs', startTimeoutMs: 999 } }, 'rankers.slow.startTimeoutMs: must be an integer from 1000 to 600000 (ms) (got 999)'],
    [{ slow: { module: './slow.mjs', startTimeoutMs: 600_001 } }, 'rankers.slow.startTimeoutMs: must be an integer from 1000 to 600000 (ms) (got 600001)'],
    [{ slow: { module: './slow.mjs', startTimeoutMs: 1500.5 } }, 'rankers.slow.startTimeoutMs: must be an integer from 1000 to 600000 (ms) (got 1500.5)'],
    [{ slow: { module: './slow.mjs', startTimeoutMs: '60000' } }, 'rankers.slow.startTimeoutMs: must be an integer from 1000 to 600000 (ms) (got "60000")'],
    [{ slow: { startTimeoutMs: 60_000 } }, 'rankers.slow.module: must be a module path or package name'],
    [{ slow: '' }, 'rankers.slow: must be a module path or package name, or { "module", "startTimeoutMs" } (got "")'],
    [{ slow: 3 }, 'rankers.slow: must be a module path or package name, or { "module", "startTimeoutMs" } (got 3)'],
    [['./slow.mjs'], 'rankers: must be an object of name → module path or package name, or name → { "module", "startTimeoutMs" } (got an array of 1 item)'],
  ])('%j: config-invalid naming the file, the key and the value', (rankers, message) => {
    expect(check(rankers).error).toMatchObject({ code: 'config-invalid', message: `${path}: ${message}` });
  });

  it.each([
    ['Bad Name', '"Bad Name" cannot name a ranker: use lower-case letters, digits, ".", "_" and "-", up to 64, the first a letter or digit, such as "bad-name" (here and as its definition\'s name)'],
    ['_x', '"_x" cannot name a ranker: use lower-case letters, digits, ".", "_" and "-", up to 64, the first a letter or digit, such as "x" (here and as its definition\'s name)'],
    ['ëë', '"ëë" cannot name a ranker: use lower-case letters, digits, ".", "_" and "-", up to 64, the first a letter or digit (here and as its definition\'s name)'],
  ])('a key %j that cannot name a ranker is config-invalid, in words, with a name that can', (name, message) => {
    expect(check({ [name]: './r.mjs' }).error).toMatchObject({ code: 'config-invalid', message: `${path}: rankers: ${message}` });
    expect(check({ 'my-ranker.v2': './r.mjs' }).value).toEqual({ 'my-ranker.v2': './r.mjs' });
  });

  it('an unknown key in it is config-unknown-key with the nearest one; in another tool\'s MCP file a warning, and ignored', () => {
    const rankers = { slow: { module: './slow.mjs', startTimeout: 60_000 } };
    expect(check(rankers).error).toMatchObject({
      code: 'config-unknown-key',
      message: `${path}: unknown key "startTimeout" in rankers.slow; did you mean "startTimeoutMs"? (known: module, startTimeoutMs)`,
      details: { path, key: 'rankers.slow.startTimeout' },
    });
    const lenient = check(rankers, '/work/app/.mcp.json');
    expect(lenient.value).toEqual({ slow: { module: './slow.mjs' } });
    expect(lenient.warnings).toEqual([
      '/work/app/.mcp.json: unknown key "startTimeout" in rankers.slow; did you mean "startTimeoutMs"? (known: module, startTimeoutMs); ignored, as in an MCP file of another tool [config-unknown-key]',
    ]);
  });
});
