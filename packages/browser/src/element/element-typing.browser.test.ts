import { describe, expect, it } from 'vitest';
import { mountElement, pageEngines, servedText, statusMatching, statusOf } from '../__fixtures__/mount-element.js';
import type { LoadoutResultsDetail } from './element-events.js';
import { LoadoutSearchElement } from './loadout-search-element.js';

const pageEngine = pageEngines();

const TOOLS = [
  { name: 'create_issue', server: 'github', description: 'Open a new issue in a repository' },
  { name: 'create_issue', server: 'linear', description: 'Create a Linear issue in a team' },
  { name: 'list_channels', server: 'slack', description: 'List channels; c is the channel cursor' },
  { name: 'send_message', server: 'slack', description: 'Post a message to a channel' },
  { name: 'get_credentials', server: 'vault', description: 'Read stored credentials' },
];

function shown(element: LoadoutSearchElement): string[] {
  return [...element.shadowRoot!.querySelectorAll<HTMLElement>('[role=option]')].map((option) => option.dataset['tool'] ?? '');
}

describe('<loadout-search> as the user types', () => {
  it('completes the word being typed: every prefix of "create issue" from "cr" shows the create tools, never "No tool matches."', async () => {
    // `cr` and `cre` also start `credentials`, rarer here than `create`: its one tool may lead there, the create tools follow.
    pageEngine();
    const element = mountElement({ catalog: servedText(JSON.stringify(TOOLS)) });
    await statusMatching(element, /Type to search\.$/);
    const typed = 'create issue';
    for (let length = 2; length <= typed.length; length++) {
      const query = typed.slice(0, length);
      await element.search(query);
      if (query.endsWith(' ')) continue;
      expect(statusOf(element), query).toMatch(/^\d+ tools? found\.$/);
      const top = shown(element).slice(0, query.length <= 3 ? 3 : 2);
      expect(top.filter((name) => name.endsWith('create_issue')).sort(), query).toEqual(['mcp__github__create_issue', 'mcp__linear__create_issue']);
    }
  });

  it('marks the completed word in the results', async () => {
    pageEngine();
    const element = mountElement({ catalog: servedText(JSON.stringify(TOOLS)) });
    await statusMatching(element, /Type to search\.$/);
    await element.search('creat');
    const marks = [...element.shadowRoot!.querySelectorAll('[role=option] .name mark')].map((mark) => mark.textContent);
    expect(marks.some((mark) => mark?.startsWith('create'))).toBe(true);
  });

  it('says why an emoji-only query matched nothing', async () => {
    pageEngine();
    const element = mountElement({ catalog: servedText(JSON.stringify(TOOLS)) });
    await statusMatching(element, /Type to search\.$/);
    await element.search('🚀💬');
    expect(statusOf(element)).toBe('No tool matches: the query has no letters or digits to search for.');
  });

  it('searches 10,000 tools as the user types in a few milliseconds', async () => {
    pageEngine();
    const words = ['create', 'credit', 'cron', 'crawl', 'issue', 'invoice', 'index', 'channel', 'message', 'repository', 'record', 'report'];
    const tools = Array.from({ length: 10_000 }, (_, index) => ({
      name: `${words[index % words.length]}_${words[(index * 7) % words.length]}_${index}`,
      server: `server${index % 50}`,
      description: `Tool ${index}: ${words[(index * 3) % words.length]} a ${words[(index * 5) % words.length]} item${index} for team${index % 300}`,
    }));
    const element = mountElement({ catalog: servedText(JSON.stringify(tools)) });
    await statusMatching(element, /Type to search\.$/);
    const timings: number[] = [];
    element.addEventListener('loadout-results', (event) => timings.push((event as CustomEvent<LoadoutResultsDetail>).detail.elapsedMs));
    const typed = 'create issue';
    for (let length = 1; length <= typed.length; length++) await element.search(typed.slice(0, length));
    expect(statusOf(element)).toBe('5 tools found.');
    console.log(`10,000 tools, "${typed}" typed key by key (ms): ${timings.map((ms) => ms.toFixed(1)).join(' ')}`);
    timings.sort((left, right) => left - right);
    expect(timings[timings.length >> 1]).toBeLessThan(50);
  });
});
