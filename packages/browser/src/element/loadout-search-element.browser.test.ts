import { afterEach, describe, expect, it } from 'vitest';
import { TOOLS } from '../__fixtures__/catalog.js';
import { deferred } from '../__fixtures__/deferred.js';
import { mountElement, servedText, statusMatching, statusOf, useGatedEngine } from '../__fixtures__/mount-element.js';
import { LoadoutSearchElement } from './loadout-search-element.js';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
  document.body.replaceChildren();
});

function gatedEngine(): ReturnType<typeof deferred<void>> {
  const gate = deferred<void>();
  const original = useGatedEngine(gate);
  restore = () => {
    LoadoutSearchElement.createEngine = original;
  };
  return gate;
}

describe('<loadout-search> while the catalog loads', () => {
  it('shows a load error that arrives after the user typed, and keeps showing it on later searches', async () => {
    const gate = gatedEngine();
    const element = mountElement({ catalog: servedText(`${JSON.stringify(TOOLS).slice(0, -1)},{"name":`) });
    await statusMatching(element, /^Loading tools…$/);
    const typed = element.search('send an email');
    gate.resolve();
    await typed;
    expect(statusOf(element)).toMatch(/^Could not load the tools: .*invalid JSON at line 1, column \d+/);
    await element.search('weather');
    expect(statusOf(element)).toMatch(/^Could not load the tools: .*invalid JSON/);
  });

  it('shows a too-large catalog refused after the user typed', async () => {
    const gate = gatedEngine();
    const tools = Array.from({ length: 10_001 }, (_, index) => ({ name: `tool_${index}`, description: 'A tool' }));
    const element = mountElement({ catalog: servedText(JSON.stringify(tools)) });
    const typed = element.search('tool');
    gate.resolve();
    await typed;
    expect(statusOf(element)).toMatch(/^Could not load the tools: .*catalog has 10001 tools, more than the limit of 10000/);
  });

  it('searches once a slow load succeeds', async () => {
    const gate = gatedEngine();
    const element = mountElement({ catalog: servedText(JSON.stringify(TOOLS)) });
    const typed = element.search('send an email');
    gate.resolve();
    await typed;
    expect(statusOf(element)).toMatch(/^\d+ tools? found\.$/);
  });
});
