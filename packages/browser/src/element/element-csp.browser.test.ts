import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../__fixtures__/catalog.js';
import { mountElement, servedText, statusMatching, useGatedEngine } from '../__fixtures__/mount-element.js';
import { LoadoutSearchElement } from './loadout-search-element.js';

/**
 * This file's page runs under `style-src 'self'` (a meta CSP, added before
 * any element exists; each browser test file has its own page), as a site
 * that forbids inline styles serves it.
 */
const violations: string[] = [];
let restore: (() => void) | undefined;

beforeAll(() => {
  document.addEventListener('securitypolicyviolation', (event) => violations.push(`${event.violatedDirective}: ${event.blockedURI}`));
  const policy = document.createElement('meta');
  policy.httpEquiv = 'Content-Security-Policy';
  policy.content = "style-src 'self'";
  document.head.append(policy);
  const original = useGatedEngine();
  restore = () => {
    LoadoutSearchElement.createEngine = original;
  };
});

afterAll(() => restore?.());

/** Resolves after the browser had a chance to report violations (they are queued as tasks). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

describe('<loadout-search> under a Content-Security-Policy of style-src \'self\'', () => {
  it('is styled: the active option is highlighted and the visually hidden labels stay hidden, with no violation', async () => {
    // The policy is live: an inline <style> of the page is refused.
    const probe = document.createElement('style');
    probe.textContent = '.csp-probe { color: rgb(1, 2, 3); }';
    document.head.append(probe);
    await nextTask();
    expect(violations.some((violation) => violation.startsWith('style-src'))).toBe(true);
    violations.length = 0;
    probe.remove();

    const element = mountElement({ catalog: servedText(JSON.stringify(TOOLS)) });
    await statusMatching(element, /Type to search\.$/);
    await element.search('file path');
    const root = element.shadowRoot!;

    const options = [...root.querySelectorAll<HTMLElement>('[role=option]')];
    expect(options.length).toBeGreaterThan(1);
    const [active, other] = options as [HTMLElement, HTMLElement];
    expect(active.getAttribute('aria-selected')).toBe('true');
    expect(getComputedStyle(active).backgroundColor).not.toBe(getComputedStyle(other).backgroundColor);
    expect(getComputedStyle(root.querySelector('ul')!).listStyleType).toBe('none');
    const hidden = root.querySelector<HTMLElement>('.sr-only')!;
    expect(getComputedStyle(hidden).position).toBe('absolute');
    expect(hidden.getBoundingClientRect().width).toBeLessThanOrEqual(1);

    expect(root.querySelector('style')).toBeNull();
    expect(root.adoptedStyleSheets).toHaveLength(1);
    await nextTask();
    expect(violations).toEqual([]);
  });

  it('shares one stylesheet among elements', async () => {
    const first = mountElement({ catalog: servedText(JSON.stringify(TOOLS)) });
    const second = mountElement({ catalog: servedText(JSON.stringify(TOOLS)) });
    expect(first.shadowRoot!.adoptedStyleSheets[0]).toBe(second.shadowRoot!.adoptedStyleSheets[0]);
  });
});
