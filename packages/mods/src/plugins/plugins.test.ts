import { describe, it, expect } from 'vitest';
import { createModResolver, isLoadoutError } from '@loadout/core';
import type { CatalogTool, Mod } from '@loadout/core';
import { deferTools } from './defer-tools.js';
import { pinMostUsed } from './pin-most-used.js';
import { pinTools } from './pin-tools.js';
import { rewriteDescriptions } from './rewrite-descriptions.js';
import { baseEvent, makeTool } from '../__fixtures__/tools.js';

const github = ['create_issue', 'list_issues', 'get_pull_request', 'merge_pull_request', 'search_code'].map((name) =>
  makeTool(name, { server: 'github' }),
);
const notionCreate = makeTool('create_page', { server: 'notion' });
const bash = makeTool('Bash', { kind: 'core' });

function upfront(mods: readonly Mod[], tools: readonly CatalogTool[], isDeferred?: boolean): string[] {
  const resolver = createModResolver(mods);
  return tools.filter((tool) => !resolver.resolve(tool, baseEvent(tool, isDeferred)).isDeferred).map((tool) => tool.name);
}

function errorCode(action: () => unknown): unknown {
  try {
    action();
  } catch (error) {
    return isLoadoutError(error) ? error.code : error;
  }
  return undefined;
}

describe('pinTools / deferTools', () => {
  it('pins tools matching any glob, of one server when given', () => {
    const pin = pinTools('pin', { server: 'github', tools: ['create_*', '*_pull_request'] });
    expect(upfront([pin], [...github, notionCreate])).toEqual([
      'create_issue',
      'get_pull_request',
      'merge_pull_request',
    ]);
  });

  it('pins across servers when no server is given', () => {
    expect(upfront([pinTools('pin', { tools: ['create_*'] })], [...github, notionCreate])).toEqual(['create_issue', 'create_page']);
  });

  it('defers matching tools that were upfront, except core built-ins', () => {
    const defer = deferTools('defer', { tools: ['*'] });
    expect(upfront([defer], [...github, bash], false)).toEqual(['Bash']);
    expect(createModResolver([defer]).resolve(bash, baseEvent(bash)).ignoredCore).toEqual(['defer']);
  });

  it('lets the later plugin win', () => {
    const pin = pinTools('pin', { server: 'github', tools: ['*'] });
    const defer = deferTools('defer', { tools: ['merge_*'] });
    expect(upfront([pin, defer], github)).toEqual(['create_issue', 'list_issues', 'get_pull_request', 'search_code']);
    expect(upfront([defer, pin], github)).toHaveLength(5);
  });

  it('rejects bad options', () => {
    expect(errorCode(() => pinTools('pin', { tools: 'create_*' as never }))).toBe('mod-invalid');
    expect(errorCode(() => deferTools('', { tools: [] }))).toBe('mod-invalid');
  });
});

describe('rewriteDescriptions', () => {
  it('rewrites the description from beneath and keeps the deferral', () => {
    const pin = pinTools('pin', { tools: ['create_issue'] });
    const rewrite = rewriteDescriptions('prefix', (tool, description) =>
      tool.server === 'github' ? `GitHub: ${description}` : undefined,
    );
    const resolver = createModResolver([pin, rewrite]);
    const [createIssue] = github as [CatalogTool];
    expect(resolver.resolve(createIssue, baseEvent(createIssue))).toMatchObject({
      description: 'GitHub: create_issue description',
      isDeferred: false,
      decidedBy: 'pin',
    });
    expect(resolver.resolve(notionCreate, baseEvent(notionCreate)).description).toBe('create_page description');
  });

  it('rejects a rewrite that is not a function', () => {
    expect(errorCode(() => rewriteDescriptions('x', 'no' as never))).toBe('mod-invalid');
  });
});

describe('pinMostUsed', () => {
  const usage = {
    mcp__github__create_issue: 40,
    list_issues: 25,
    mcp__github__list_issues: 20,
    mcp__github__search_code: 30,
    mcp__github__get_pull_request: 5,
    mcp__notion__create_page: 500,
    merge_pull_request: 0,
  };

  it('pins the three most-used tools of a server, summing both key forms', () => {
    expect(upfront([pinMostUsed('top', { usage, server: 'github' })], [...github, notionCreate])).toEqual([
      'create_issue',
      'list_issues',
      'search_code',
    ]);
  });

  it('honours top, and never pins unused tools', () => {
    expect(upfront([pinMostUsed('top', { usage, server: 'github', top: 1 })], github)).toEqual(['list_issues']);
    expect(upfront([pinMostUsed('top', { usage, server: 'github', top: 10 })], github)).toHaveLength(4);
    expect(upfront([pinMostUsed('top', { usage, server: 'github', top: 0 })], github)).toEqual([]);
  });

  it('ranks keys as given across servers when no server is given', () => {
    expect(upfront([pinMostUsed('top', { usage, top: 2 })], [...github, notionCreate])).toEqual(['create_issue', 'create_page']);
  });

  it('breaks ties by name, so the choice is stable', () => {
    const tied = { mcp__github__search_code: 7, mcp__github__create_issue: 7, mcp__github__list_issues: 7 };
    expect(upfront([pinMostUsed('top', { usage: tied, server: 'github', top: 2 })], github)).toEqual([
      'create_issue',
      'list_issues',
    ]);
  });

  it('pins only tools of the given server, even when another server has a tool of the same name', () => {
    const otherIssue = makeTool('create_issue', { server: 'gitlab' });
    expect(upfront([pinMostUsed('top', { usage: { create_issue: 3 }, server: 'github' })], [otherIssue])).toEqual([]);
  });

  it.each([
    ['a negative count', { usage: { a: -1 } }],
    ['a non-numeric count', { usage: { a: '3' } }],
    ['a non-integer top', { usage: {}, top: 1.5 }],
    ['a negative top', { usage: {}, top: -1 }],
    ['missing usage', {}],
  ])('rejects %s with mod-invalid', (_label, options) => {
    expect(errorCode(() => pinMostUsed('top', options as never))).toBe('mod-invalid');
  });
});
