import { describe, expect, it } from 'vitest';
import { TOOLS } from '../__fixtures__/catalog.js';
import { mountElement, pageEngines, servedText, statusMatching, statusOf } from '../__fixtures__/mount-element.js';
import type { LoadoutErrorDetail } from './element-events.js';
import { LoadoutSearchElement } from './loadout-search-element.js';

const pageEngine = pageEngines();

/** The `loadout-error` details `element` fires from now on. */
function errorsOf(element: HTMLElement): LoadoutErrorDetail[] {
  const errors: LoadoutErrorDetail[] = [];
  element.addEventListener('loadout-error', (event) => errors.push((event as CustomEvent<LoadoutErrorDetail>).detail));
  return errors;
}

/** Creates `<loadout-search>` with `attributes`, listening for `loadout-error` before it connects. */
function mountListened(attributes: Record<string, string>): { element: LoadoutSearchElement; errors: LoadoutErrorDetail[] } {
  const element = document.createElement('loadout-search') as LoadoutSearchElement;
  const errors = errorsOf(element);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  document.body.append(element);
  return { element, errors };
}

const settled = /Type to search\.$|^Cannot search|^Could not|^No tools|^The catalog/;

describe('<loadout-search> refusing a ranker or a limit fires loadout-error', () => {
  const catalog = servedText(JSON.stringify(TOOLS));

  it.each([
    [{ ranker: 'nope' }, 'unknown-ranker'],
    [{ ranker: 'transformers' }, 'unsupported-environment'],
    [{ ranker: 'static-embedding' }, 'invalid-option'],
    [{ ranker: 'hybrid', 'static-table': '/static/missing.ldwv' }, 'unsupported-environment'],
    [{ limit: '1e1' }, 'invalid-option'],
    [{ limit: '0' }, 'invalid-option'],
  ])('%o: once, with the code and the message the status shows, not again on each keystroke', async (attributes, code) => {
    pageEngine();
    const { element, errors } = mountListened({ catalog, ...attributes });
    const status = await statusMatching(element, settled);
    expect(status).toMatch(/^Cannot search: <loadout-search>: /);
    await element.search('send');
    await element.search('send an email');
    expect(errors).toEqual([{ stage: 'search', code, message: status.replace(/^Cannot search: /, '').replace(/ \[[a-z-]+\]$/, '') }]);
  });

  it('fires again for another refusal after the attribute changes, and not once the attribute is fixed', async () => {
    pageEngine();
    const { element, errors } = mountListened({ catalog, limit: '0' });
    await statusMatching(element, settled);
    element.setAttribute('limit', '500');
    await element.search('send');
    element.setAttribute('limit', '3');
    await element.search('file');
    expect(statusOf(element)).toMatch(/^[1-3] tools? found\.$/);
    expect(errors.map((error) => error.message)).toEqual([
      '<loadout-search>: limit must be a whole number from 1 to 100 (got "0")',
      '<loadout-search>: limit must be a whole number from 1 to 100 (got "500")',
    ]);
  });
});

describe('<loadout-search catalog="">', () => {
  it('reads a blank catalog or index as missing, and fetches nothing', async () => {
    pageEngine();
    const fetched: string[] = [];
    const original = window.fetch;
    window.fetch = (input, init) => {
      fetched.push(String(input));
      return original(input, init);
    };
    try {
      const { element, errors } = mountListened({ catalog: '' });
      expect(await statusMatching(element, settled)).toBe('No tools: set the catalog or index attribute.');
      const blankIndex = mountElement({ index: ' ', catalog: servedText(JSON.stringify(TOOLS)) });
      expect(await statusMatching(blankIndex, settled)).toBe('12 tools. Type to search.');
      expect(errors).toEqual([]);
      expect(fetched.filter((url) => !url.startsWith('blob:'))).toEqual([]);
    } finally {
      window.fetch = original;
    }
  });
});

describe('<loadout-search> messages agree between the status and loadout-error', () => {
  it('names a skipped tool as its message does, and starts every message with <loadout-search>: once', async () => {
    pageEngine();
    const tools = [
      { name: 'create_issue', server: 'github', description: 'Open an issue' },
      { name: 'create_issue', server: 'github', description: 'Again' },
      { description: 'nameless' },
    ];
    const { element } = mountListened({ catalog: servedText(JSON.stringify(tools)) });
    const loaded = new Promise<{ issues: { message: string }[] }>((resolve) => element.addEventListener('loadout-loaded', (event) => resolve((event as CustomEvent).detail)));
    expect(await statusMatching(element, settled)).toBe('1 tool (2 skipped: tool at index 1 (catalog-duplicate-name), tool at index 2 (catalog-missing-name)). Type to search.');
    const { issues } = await loaded;
    expect(issues.map((issue) => /tool at index \d+/.exec(issue.message)?.[0])).toEqual(['tool at index 1', 'tool at index 2']);
  });

  it('puts the max-tools hint of a too-large catalog in the loadout-error message too, and the catalog URL after the prefix', async () => {
    pageEngine();
    const catalog = servedText(JSON.stringify(TOOLS));
    const { element, errors } = mountListened({ catalog, 'max-tools': '5' });
    const status = await statusMatching(element, settled);
    const message = `<loadout-search>: ${catalog}: catalog has 12 tools, more than the limit of 5; set the max-tools attribute to allow more (up to 1,000,000)`;
    expect(errors).toEqual([{ stage: 'load', code: 'catalog-too-large', message }]);
    expect(status).toBe(`Could not load the tools: ${message} [catalog-too-large]`);
  });

  it('starts a search failure with <loadout-search>: as well', async () => {
    pageEngine();
    const { element, errors } = mountListened({ catalog: servedText(JSON.stringify(TOOLS)) });
    await statusMatching(element, settled);
    await element.search('send '.repeat(120));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ stage: 'search', code: 'query-too-long' });
    expect(errors[0]!.message).toMatch(/^<loadout-search>: [^<]/);
    expect(statusOf(element)).toBe(`Search failed: ${errors[0]!.message} [query-too-long]`);
  });

  it('refuses a catalog with no tools with catalog-empty, as the CLI does', async () => {
    pageEngine();
    const catalog = servedText('[]');
    const { element, errors } = mountListened({ catalog });
    expect(await statusMatching(element, settled)).toBe(
      `Could not load the tools: <loadout-search>: ${catalog} holds no tools (expected a JSON array of tools, JSONL, or an MCP snapshot) [catalog-empty]`,
    );
    expect(errors.map((error) => error.code)).toEqual(['catalog-empty']);
  });
});

describe('<loadout-search> whose worker is not served', () => {
  it('names the worker URL and what to copy, not the catalog URL', async () => {
    const catalog = servedText(JSON.stringify(TOOLS));
    const { element, errors } = mountListened({ catalog });
    const status = await statusMatching(element, settled);
    const worker = new URL('loadout-search-worker.js', new URL('./loadout-search-element.ts', import.meta.url)).href;
    expect(status).toMatch(/^Could not load the tools: <loadout-search>: the engine worker \S+ did not start/);
    expect(status).toContain(worker);
    expect(status).toMatch(/it answered (HTTP 404|an HTML page, not the worker script): copy loadout-search-worker\.js and element-chunks\/ .*\[unsupported-environment\]$/);
    expect(status).not.toContain(catalog);
    expect(errors).toEqual([{ stage: 'load', code: 'unsupported-environment', message: status.replace(/^Could not load the tools: /, '').replace(/ \[unsupported-environment\]$/, '') }]);
  });
});
