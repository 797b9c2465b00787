import { describe, it, expect } from 'vitest';
import { isLoadoutError } from '@loadout/core';
import type { Mod } from '@loadout/core';
import { definePlugin } from './define-plugin.js';

function codeOf(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return isLoadoutError(error) ? error.code : error;
  }
  return undefined;
}

describe('definePlugin', () => {
  it('returns the plugin unchanged', () => {
    const plugin: Mod = { name: 'noop', hooks: { 'tool.describe': (event, next) => next() } };
    expect(definePlugin(plugin)).toBe(plugin);
  });

  it('rejects an unknown hook name with mod-invalid', () => {
    const plugin = { name: 'odd', hooks: { 'tool.render': () => ({ description: '' }) } };
    expect(codeOf(() => definePlugin(plugin as unknown as Mod))).toBe('mod-invalid');
  });

  it('rejects an empty name and a non-function hook', () => {
    expect(codeOf(() => definePlugin({ name: '', hooks: {} }))).toBe('mod-invalid');
    expect(codeOf(() => definePlugin({ name: 'x', hooks: { 'tool.describe': 'no' as never } }))).toBe('mod-invalid');
  });
});
