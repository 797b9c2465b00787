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

describe('<loadout-search max-tools>', () => {
  const tools = Array.from({ length: 10_001 }, (_, index) => ({ name: `tool_${index}`, description: `A tool numbered ${index}` }));

  it('loads a catalog over the default 10,000 tools when max-tools allows it', async () => {
    gatedEngine().resolve();
    const element = mountElement({ catalog: servedText(JSON.stringify(tools)), 'max-tools': '20000' });
    await statusMatching(element, /Type to search\.$/);
    expect(statusOf(element)).toBe('10,001 tools. Type to search.');
  });

  it('refuses a max-tools that is not a whole number from 1 to 1,000,000, at once', async () => {
    gatedEngine().resolve();
    const element = mountElement({ catalog: servedText(JSON.stringify(tools)), 'max-tools': 'lots' });
    expect(await statusMatching(element, /^Could not/)).toBe(
      'Could not load the tools: <loadout-search>: max-tools must be a whole number from 1 to 1,000,000 (got "lots") [invalid-option]',
    );
  });

  it('reloads with the new limit when max-tools changes', async () => {
    gatedEngine().resolve();
    const element = mountElement({ catalog: servedText(JSON.stringify(tools)) });
    await statusMatching(element, /^Could not load the tools: .*more than the limit of 10000; set the max-tools attribute to allow more \(up to 1,000,000\) \[catalog-too-large\]$/);
    element.setAttribute('max-tools', '10001');
    await statusMatching(element, /^10,001 tools\. Type to search\.$/);
  });
});

describe('<loadout-search ranker>', () => {
  const catalog = servedText(JSON.stringify(TOOLS));
  const settled = /Type to search\.$|^Cannot search|^Could not/;

  it('refuses an unknown ranker at once, listing only the rankers it can run, and on each search', async () => {
    gatedEngine().resolve();
    const element = mountElement({ catalog, ranker: 'nope' });
    const expected =
      'Cannot search: <loadout-search>: unknown ranker "nope"; this element can run bm25f, wink-bm25, regex, rerank, and static-embedding, hybrid with the static-table attribute [unknown-ranker]';
    expect(await statusMatching(element, settled)).toBe(expected);
    await element.search('send an email');
    expect(statusOf(element)).toBe(expected);
  });

  it('asks for the static-table attribute for hybrid and static-embedding, and refuses transformers', async () => {
    gatedEngine().resolve();
    const hybrid = mountElement({ catalog, ranker: 'hybrid' });
    expect(await statusMatching(hybrid, settled)).toMatch(/^Cannot search: <loadout-search>: ranker "hybrid" needs the static-table attribute .*\[invalid-option\]$/);
    const transformers = mountElement({ catalog, ranker: 'transformers' });
    expect(await statusMatching(transformers, settled)).toMatch(
      /^Cannot search: <loadout-search>: ranker "transformers" cannot run here \(the element's worker does not include transformers\.js\); this element can run bm25f, .*\[unsupported-environment\]$/,
    );
  });

  it('searches with hybrid given static-table, and says so when the table is not served', async () => {
    gatedEngine().resolve();
    const element = mountElement({ catalog, ranker: 'hybrid', 'static-table': '/static/glove-sg-100d-50k.ldwv' });
    expect(await statusMatching(element, settled)).toBe('12 tools. Type to search.');
    await element.search('send an email');
    expect(statusOf(element)).toMatch(/^\d+ tools? found\.$/);
    element.setAttribute('static-table', '/static/missing.ldwv');
    expect(await statusMatching(element, /^Cannot search/)).toMatch(/ranker "hybrid" cannot run here \(no word-vector table: .*missing\.ldwv.*\[unsupported-environment\]$/);
  });

  it('checks the ranker again when the attribute changes', async () => {
    gatedEngine().resolve();
    const element = mountElement({ catalog });
    await statusMatching(element, settled);
    element.setAttribute('ranker', 'nope');
    await statusMatching(element, /^Cannot search: .*\[unknown-ranker\]$/);
    element.setAttribute('ranker', 'regex');
    await statusMatching(element, /^12 tools\. Type to search\.$/);
  });
});

describe('<loadout-search limit> and an empty catalog', () => {
  const settled = /Type to search\.$|^Cannot search|^Could not|^The catalog/;

  it('refuses a limit outside 1–100 at once, and on each search, instead of ignoring it', async () => {
    gatedEngine().resolve();
    const element = mountElement({ catalog: servedText(JSON.stringify(TOOLS)), limit: '-3' });
    const expected = 'Cannot search: <loadout-search>: limit must be a whole number from 1 to 100 (got "-3") [invalid-option]';
    expect(await statusMatching(element, settled)).toBe(expected);
    await element.search('send an email');
    expect(statusOf(element)).toBe(expected);
    element.setAttribute('limit', '2');
    await element.search('file');
    expect(statusOf(element)).toBe('2 tools found.');
  });

  it('says the catalog has no tools, before and after typing, when every tool was skipped', async () => {
    gatedEngine().resolve();
    const element = mountElement({ catalog: servedText('[{"description": "nameless"}]') });
    expect(await statusMatching(element, settled)).toBe('The catalog has no tools (1 skipped: tool at index 0 (catalog-missing-name)).');
    await element.search('send an email');
    expect(statusOf(element)).toBe('The catalog has no tools.');
  });
});

describe('<loadout-search> when its engine is replaced while loading', () => {
  it('never shows the replaced load\'s cancellation, only the new load\'s result', async () => {
    const gate = gatedEngine();
    const element = mountElement({ catalog: servedText(JSON.stringify(TOOLS)) });
    const seen: string[] = [];
    const status = element.shadowRoot!.querySelector('.status')!;
    new MutationObserver(() => seen.push(status.textContent ?? '')).observe(status, { childList: true, characterData: true, subtree: true });
    await statusMatching(element, /^Loading tools…$/);
    element.setAttribute('static-table', '/static/glove-sg-100d-50k.ldwv');
    gate.resolve();
    await statusMatching(element, /^12 tools\. Type to search\.$/);
    expect(seen.filter((text) => text.startsWith('Could not'))).toEqual([]);
  });
});

describe('<loadout-search> results of tools with one name on several servers', () => {
  const tools = ['github', 'linear', 'jira'].map((server) => ({ name: 'create_issue', server, description: `Create an issue in ${server}` }));

  it('shows each result\'s server, and names it in the explanation heading', async () => {
    gatedEngine().resolve();
    const element = mountElement({ catalog: servedText(JSON.stringify(tools)) });
    await statusMatching(element, /Type to search\.$/);
    await element.search('create an issue');
    const root = element.shadowRoot!;
    const servers = [...root.querySelectorAll('[part=server]')].map((node) => node.textContent);
    expect(servers.sort()).toEqual(['server github', 'server jira', 'server linear']);
    const first = root.querySelector('[role=option]')!;
    expect(first.querySelector('.name')!.textContent).toBe('create_issue');
    root.querySelector<HTMLButtonElement>('[part=explain]')!.click();
    const server = first.querySelector('[part=server]')!.textContent!.replace('server ', '');
    expect(root.querySelector('.explanation')!.textContent).toMatch(new RegExp(`^Why create_issue \\(server ${server}\\): matched `));
  });
});

describe('<loadout-search> with a huge description', () => {
  it('shows a result whose description is 380 KB, clamped, with its title cut too', async () => {
    gatedEngine().resolve();
    const tools = [
      { name: 'send_message', description: 'Send a message to a channel' },
      { name: 'spam', description: 'send message words '.repeat(20_000) },
    ];
    const element = mountElement({ catalog: servedText(JSON.stringify(tools)) });
    await statusMatching(element, /Type to search\.$/);
    await element.search('send message');
    expect(statusOf(element)).toBe('2 tools found.');
    const descriptions = [...element.shadowRoot!.querySelectorAll('[part=description]')];
    const spam = descriptions.find((node) => node.textContent!.startsWith('send message words'))!;
    expect(spam.textContent!.length).toBeLessThanOrEqual(400);
    expect(spam.textContent!.endsWith('…')).toBe(true);
    expect(spam.getAttribute('title')!.length).toBeLessThanOrEqual(2000);
    expect(spam.querySelectorAll('mark').length).toBeGreaterThan(0);
  });
});

describe('<loadout-search> with tools it skipped', () => {
  it('names the skipped tools and their codes in the status, and lists them in loadout-loaded', async () => {
    gatedEngine().resolve();
    const catalog = servedText(
      JSON.stringify([
        { description: 'no name' },
        { name: 'dup', description: 'one' },
        { name: 'dup', description: 'two' },
        { name: 'bad schema', description: 'x', inputSchema: 'notobject' },
        { name: 'good', description: 'good tool send mail' },
      ]),
    );
    const loaded = new Promise<CustomEvent>((resolve) => document.addEventListener('loadout-loaded', (event) => resolve(event as CustomEvent), { once: true }));
    const element = mountElement({ catalog });
    expect(await statusMatching(element, /Type to search\.$/)).toBe(
      '2 tools (3 skipped: tool at index 0 (catalog-missing-name), dup (catalog-duplicate-name), bad schema (catalog-invalid-schema)). Type to search.',
    );
    const { detail } = await loaded;
    expect(detail.tools).toBe(2);
    expect(detail.source).toBe(catalog);
    expect(detail.issues.map((issue: { code: string }) => issue.code)).toEqual(['catalog-missing-name', 'catalog-duplicate-name', 'catalog-invalid-schema']);
  });
});

describe('<loadout-search> load errors', () => {
  it('codes a missing file and names its URL', async () => {
    gatedEngine().resolve();
    const element = mountElement({ catalog: '/nowhere/missing.json' });
    expect(await statusMatching(element, /^Could not/)).toMatch(/^Could not load the tools: <loadout-search>: http:\/\/[^ ]+\/nowhere\/missing\.json answered HTTP 404 \[file-not-found\]$/);
  });

  it('codes an unreachable host and names its URL', async () => {
    gatedEngine().resolve();
    const element = mountElement({ catalog: 'http://127.0.0.1:9/tools.json' });
    expect(await statusMatching(element, /^Could not/)).toMatch(/^Could not load the tools: <loadout-search>: could not fetch http:\/\/127\.0\.0\.1:9\/tools\.json \(.+\) \[file-unreadable\]$/);
  });

  it('names the index URL in an index error, and fires loadout-error with its code', async () => {
    gatedEngine().resolve();
    const index = servedText('not an index');
    const failed = new Promise<CustomEvent>((resolve) => document.addEventListener('loadout-error', (event) => resolve(event as CustomEvent), { once: true }));
    const element = mountElement({ index });
    const status = await statusMatching(element, /^Could not/);
    expect(status).toBe(
      `Could not load the tools: <loadout-search>: ${index} is not an index file (what loadout index writes, starting with LDIX): name an index in the index attribute, a catalog in the catalog attribute [index-corrupt]`,
    );
    const { detail } = await failed;
    expect(detail).toEqual({ stage: 'load', code: 'index-corrupt', message: status.replace(/^Could not load the tools: /, '').replace(/ \[index-corrupt\]$/, '') });
  });

  it('names the catalog URL in a JSON error', async () => {
    gatedEngine().resolve();
    const catalog = servedText('[{"name": "a",');
    const element = mountElement({ catalog });
    expect(await statusMatching(element, /^Could not/)).toMatch(new RegExp(`^Could not load the tools: <loadout-search>: ${catalog.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: .*\\[catalog-invalid-json\\]$`));
  });

  it('says it is indexing before it is ready', async () => {
    gatedEngine().resolve();
    const element = mountElement({ catalog: servedText(JSON.stringify(TOOLS)) });
    expect(await statusMatching(element, /^Indexing/)).toBe('Indexing 12 tools…');
    await statusMatching(element, /^12 tools\. Type to search\.$/);
  });
});

describe('<loadout-search> with many results on a small screen', () => {
  it('keeps the list within its height and the active option in view, without scrolling the page', async () => {
    gatedEngine().resolve();
    const tools = Array.from({ length: 60 }, (_, index) => ({ name: `send_mail_${index}`, server: 'mail', description: `Send mail message number ${index} to an inbox` }));
    const element = mountElement({ catalog: servedText(JSON.stringify(tools)), limit: '50' });
    await statusMatching(element, /Type to search\.$/);
    await element.search('send mail');
    const root = element.shadowRoot!;
    const list = root.querySelector<HTMLElement>('[role=listbox]')!;
    expect(list.children).toHaveLength(50);
    expect(list.getBoundingClientRect().height).toBeLessThanOrEqual(Math.min(window.innerHeight * 0.6, 28 * 16) + 1);
    const input = root.querySelector('input')!;
    const pageScroll = document.scrollingElement!.scrollTop;
    for (let step = 0; step < 40; step++) input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', bubbles: true }));
    const active = root.getElementById(input.getAttribute('aria-activedescendant')!)!;
    expect(active.id).toBe('option-40');
    const [listBox, activeBox] = [list.getBoundingClientRect(), active.getBoundingClientRect()];
    expect(activeBox.top).toBeGreaterThanOrEqual(listBox.top - 1);
    expect(activeBox.bottom).toBeLessThanOrEqual(listBox.bottom + 1);
    expect(document.scrollingElement!.scrollTop).toBe(pageScroll);
  });
});

describe('<loadout-search limit> spelled otherwise', () => {
  it('refuses 1e1 as it refuses an empty limit', async () => {
    gatedEngine().resolve();
    const element = mountElement({ catalog: servedText(JSON.stringify(TOOLS)), limit: '1e1' });
    expect(await statusMatching(element, /^Cannot search/)).toBe('Cannot search: <loadout-search>: limit must be a whole number from 1 to 100 (got "1e1") [invalid-option]');
  });
});
