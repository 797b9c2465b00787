import { beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../__fixtures__/catalog.js';
import { mountElement, servedText, statusMatching } from '../__fixtures__/mount-element.js';

/**
 * This file's page requires Trusted Types for scripts (a meta CSP
 * `require-trusted-types-for 'script'`, added before any element exists;
 * each browser test file has its own page), under which `new Worker(string)`
 * throws. The element's default engine starts its worker here (not served
 * under the sources, so it then fails to start, which is what is left to see).
 */
beforeAll(() => {
  const policy = document.createElement('meta');
  policy.httpEquiv = 'Content-Security-Policy';
  policy.content = "require-trusted-types-for 'script'";
  document.head.append(policy);
});

describe("<loadout-search> under require-trusted-types-for 'script'", () => {
  it('creates its worker through its loadout-search policy, so the page needs no policy of its own', async () => {
    // The requirement is live: a plain string URL is refused.
    expect(() => new Worker('data:text/javascript,', { type: 'module' })).toThrow(/TrustedScriptURL/);
    const element = mountElement({ catalog: servedText(JSON.stringify(TOOLS)) });
    const status = await statusMatching(element, /Type to search\.$|^Could not/);
    expect(status).not.toMatch(/TrustedScriptURL|could not be created/);
    expect(status).toMatch(/the engine worker \S+loadout-search-worker\.js did not start: .*\[unsupported-environment\]$/);
  });
});
