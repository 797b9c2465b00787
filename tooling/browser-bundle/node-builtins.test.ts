import { describe, expect, it } from 'vitest';
import { nodeBuiltinOf } from './node-builtins.js';

describe('nodeBuiltinOf', () => {
  it.each([
    ['node:fs', 'node:fs'],
    ['node:test', 'node:test'],
    ['fs', 'fs'],
    ['fs/promises', 'fs/promises'],
    ['path', 'path'],
    ['crypto', 'crypto'],
    ['__vite-browser-external:node:path', 'node:path'],
    ['\0__vite-browser-external:buffer', 'buffer'],
    ['__vite-browser-external', '__vite-browser-external'],
  ])('%s is the Node built-in %s', (specifier, builtin) => {
    expect(nodeBuiltinOf(specifier)).toBe(builtin);
  });

  it.each(['@loadout/core', 're2js', 'js-tiktoken/lite', 'pathe', 'fs-extra', './fs.js', 'packages/core/src/index.ts'])(
    '%s is not a Node built-in',
    (specifier) => {
      expect(nodeBuiltinOf(specifier)).toBeUndefined();
    },
  );
});
