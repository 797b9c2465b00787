import { fileURLToPath } from 'node:url';
import { createModResolver } from '@loadout/core';
import type { CatalogTool, Mod, ToolDescribeEvent } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { pinModule } from './module-pin.js';
import { createModSandbox, type ModSandboxBudget } from './sandboxed-mods.js';

// A file exporting two mods: the outer one's next() reaches the inner one while the
// file's worker is blocked in that next() (it deadlocked: "gave no answer", mods off).
const file = fileURLToPath(new URL('./__fixtures__/chained-mods.mjs', import.meta.url));

function event(name: string): ToolDescribeEvent {
  const tool = { name, displayName: name, apiName: name, server: 'srv', description: `${name} does things`, kind: 'mcp' } as unknown as CatalogTool;
  return { tool, description: tool.description, isDeferred: true, provider: 'srv' };
}

/** The file's mods over an in-process one beneath, with `between` (in-process) between them when asked. */
function resolver(budget: ModSandboxBudget, between = false) {
  const sandbox = createModSandbox(pinModule(file), budget);
  const beneath: Mod = { name: 'beneath', hooks: { 'tool.describe': (_event, next) => ({ description: `${next().description}!` }) } };
  const middle: Mod = { name: 'middle', hooks: { 'tool.describe': (_event, next) => ({ description: `<middle> ${next().description}` }) } };
  const inner: Mod = { name: 'inner', hooks: { 'tool.describe': sandbox.hook('inner') } };
  const outer: Mod = { name: 'outer', hooks: { 'tool.describe': sandbox.hook('outer') } };
  return createModResolver(between ? [beneath, inner, middle, outer] : [beneath, inner, outer]);
}

describe('mods of one file chained', () => {
  it.each([
    ['next to each other', false, '[outer] [inner] send_email does things!'],
    ['with an in-process mod between them', true, '[outer] <middle> [inner] send_email does things!'],
  ])('%s: both apply, in order, with no failure', (_, between, description) => {
    const resolve = resolver({ describeMs: 10_000 }, between);
    for (const name of ['send_email', 'send_email']) {
      expect(resolve.resolve(event(name).tool, event(name))).toMatchObject({ description, failures: [] });
    }
  });

  it('the inner one looping is reported once, for that mod; the outer one and every later tool keep the answer from beneath', () => {
    const resolve = resolver({ describeMs: 500 });
    const bad = event('loop_now');
    const first = resolve.resolve(bad.tool, bad);
    expect(first.description).toBe('loop_now does things!');
    expect(first.failures).toHaveLength(1);
    expect(first.failures[0]).toMatchObject({ mod: 'inner', message: expect.stringMatching(/mod "inner" gave no answer within 500 ms.*chained-mods\.mjs's mods are off for the rest of this run \(reported once/) });
    const plain = event('send_email');
    expect(resolve.resolve(plain.tool, plain)).toMatchObject({ description: 'send_email does things!', failures: [] });
  }, 30_000);
});
