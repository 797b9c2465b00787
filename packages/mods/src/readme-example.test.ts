import { readFileSync } from 'node:fs';
import { describe, it, expect } from 'vitest';
import { createModResolver } from '@loadout/core';
import { host, pinTeamGithub, pinTeamGithubByHand } from './__fixtures__/readme-example.js';
import { baseEvent, makeTool } from './__fixtures__/tools.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const example = readFileSync(new URL('./__fixtures__/readme-example.ts', import.meta.url), 'utf8');

const tools = ['create_issue', 'get_pull_request', 'search_code', 'list_commits', 'fork_repository'].map((name) =>
  makeTool(name, { server: 'github' }),
);

describe('README example', () => {
  it('is the code of __fixtures__/readme-example.ts, which this test runs', () => {
    const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(block).toBe(example.replace("from '../index.js'", "from '@loadout/mods'"));
  });

  it.each([
    ['pinMostUsed', pinTeamGithub],
    ['the hand-written hook', pinTeamGithubByHand],
  ])('keeps the three most-used GitHub tools loaded (%s)', (_label, plugin) => {
    const resolver = createModResolver([plugin]);
    const upfront = tools.filter((tool) => !resolver.resolve(tool, baseEvent(tool)).isDeferred).map((tool) => tool.name);
    expect(upfront).toEqual(['create_issue', 'get_pull_request', 'search_code']);
  });

  it('wires the plugin into a caching host', () => {
    const [createIssue] = tools as [(typeof tools)[number]];
    expect(host.resolve(createIssue, baseEvent(createIssue))).toMatchObject({ isDeferred: false, decidedBy: 'pin-team-github' });
    host.resolve(createIssue, baseEvent(createIssue));
    expect(host.stats()).toMatchObject({ hits: 1, misses: 1 });
  });
});
