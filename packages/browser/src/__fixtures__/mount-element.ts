import { afterEach } from 'vitest';
import { createEngine } from '../engine/create-engine.js';
import { LoadoutSearchElement } from '../element/loadout-search-element.js';
import type { Deferred } from './deferred.js';

if (customElements.get('loadout-search') === undefined) customElements.define('loadout-search', LoadoutSearchElement);

/** A blob URL serving `text`, as a page serves a catalog file. */
export function servedText(text: string): string {
  return URL.createObjectURL(new Blob([text], { type: 'application/json' }));
}

/**
 * Makes `<loadout-search>` use an engine in the page (no worker, no
 * IndexedDB, no Cache API; with the element's settings, as its worker gets them) whose `loadCatalog` waits for `gate` when one is given, so a
 * test decides when the catalog has loaded (or failed). Returns the
 * `createEngine` it replaced, to restore.
 */
export function useGatedEngine(gate?: Deferred<void>): typeof LoadoutSearchElement.createEngine {
  const original = LoadoutSearchElement.createEngine;
  LoadoutSearchElement.createEngine = (config = {}) => {
    const engine = createEngine({ tokenizer: 'approximate', ...config, persistIndexes: false, staticTableCacheName: null });
    return {
      ...engine,
      loadCatalog: async (input, options) => {
        await gate?.promise;
        return engine.loadCatalog(input, options);
      },
    };
  };
  return original;
}

/**
 * For the tests of the calling file: after each, restores the element's
 * `createEngine` and empties the page. Returns `pageEngine`, which makes the
 * calling test's elements use an engine in the page ({@link useGatedEngine}
 * without a gate); a test that does not call it keeps the default worker.
 */
export function pageEngines(): () => void {
  let restore: (() => void) | undefined;
  afterEach(() => {
    restore?.();
    restore = undefined;
    document.body.replaceChildren();
  });
  return () => {
    const original = useGatedEngine();
    restore = () => {
      LoadoutSearchElement.createEngine = original;
    };
  };
}

/** Creates `<loadout-search>` with `attributes` and adds it to the page. */
export function mountElement(attributes: Record<string, string>): LoadoutSearchElement {
  const created = document.createElement('loadout-search') as LoadoutSearchElement;
  for (const [name, value] of Object.entries(attributes)) created.setAttribute(name, value);
  document.body.append(created);
  return created;
}

/** The element's status line. */
export function statusOf(element: LoadoutSearchElement): string {
  return element.shadowRoot?.querySelector('.status')?.textContent ?? '';
}

/** Resolves once the element's status line satisfies `test` (checked at once, then on each change). */
export function statusMatching(element: LoadoutSearchElement, test: RegExp): Promise<string> {
  const status = element.shadowRoot!.querySelector('.status')!;
  return new Promise((resolve) => {
    const check = (): boolean => {
      const text = status.textContent ?? '';
      if (!test.test(text)) return false;
      resolve(text);
      return true;
    };
    if (check()) return;
    const observer = new MutationObserver(() => {
      if (check()) observer.disconnect();
    });
    observer.observe(status, { childList: true, characterData: true, subtree: true });
  });
}
