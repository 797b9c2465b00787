import { describe, it, expect } from 'vitest';
import { isLoadoutError } from '../errors/index.js';
import { createModResolver } from './create-mod-resolver.js';
import { modFromRules } from './mod-from-rules.js';
import type { CatalogTool } from '../catalog/tool.js';
import type { DeclarativeMod, ModRule } from './mod.js';
import { baseEvent, makeTool } from './__fixtures__/tools.js';

const createIssue = makeTool('create_issue', { server: 'github' });
const listIssues = makeTool('list_issues', { server: 'github' });
const createPage = makeTool('create_page', { server: 'notion' });
const webFetch = makeTool('WebFetch', { kind: 'builtin' });

function run(rules: readonly ModRule[], tool: CatalogTool, isDeferred?: boolean) {
  return createModResolver([modFromRules({ plugin: 'rules', rules })]).resolve(tool, baseEvent(tool, isDeferred));
}

describe('modFromRules', () => {
  it('names the mod after the plugin', () => {
    expect(modFromRules({ plugin: 'pin-github', rules: [{ isDeferred: false }] }).name).toBe('pin-github');
  });

  it('matches on server only', () => {
    const rules = [{ server: 'github', isDeferred: false }];
    expect(run(rules, createIssue)).toMatchObject({ isDeferred: false, decidedBy: 'rules' });
    expect(run(rules, listIssues).isDeferred).toBe(false);
    expect(run(rules, createPage).isDeferred).toBe(true);
    expect(run(rules, webFetch).isDeferred).toBe(true);
  });

  it('matches on a tool glob only, against the tool’s own name', () => {
    const rules = [{ tool: 'create_*', isDeferred: false }];
    expect(run(rules, createIssue).isDeferred).toBe(false);
    expect(run(rules, createPage).isDeferred).toBe(false);
    expect(run(rules, listIssues).isDeferred).toBe(true);
    expect(run([{ tool: 'mcp__github__*', isDeferred: false }], createIssue).isDeferred).toBe(true);
  });

  it('matches on both server and tool', () => {
    const rules = [{ server: 'github', tool: 'create_*', isDeferred: false }];
    expect(run(rules, createIssue).isDeferred).toBe(false);
    expect(run(rules, createPage).isDeferred).toBe(true);
    expect(run(rules, listIssues).isDeferred).toBe(true);
  });

  it('matches everything with an empty rule', () => {
    expect(run([{ isDeferred: false }], webFetch).isDeferred).toBe(false);
  });

  it('applies matching rules in order, the last one that sets a field deciding it', () => {
    const rules: ModRule[] = [
      { server: 'github', isDeferred: false, description: 'all github' },
      { tool: 'create_*', isDeferred: true },
    ];
    expect(run(rules, createIssue)).toMatchObject({ isDeferred: true, description: 'all github' });
    expect(run(rules, listIssues)).toMatchObject({ isDeferred: false, description: 'all github' });
  });

  it('keeps a pin from an earlier rule when a later one only rewrites the description', () => {
    const rules: ModRule[] = [
      { server: 'github', isDeferred: false },
      { tool: 'create_*', description: 'Open an issue' },
    ];
    expect(run(rules, createIssue)).toMatchObject({ isDeferred: false, description: 'Open an issue' });
  });

  it('rewrites descriptions and keeps the deferral from beneath when the rule has none', () => {
    const result = run([{ tool: 'create_issue', description: 'Open a GitHub issue' }], createIssue, false);
    expect(result).toMatchObject({ description: 'Open a GitHub issue', isDeferred: false });
    expect(result.decidedBy).toBeUndefined();
  });

  it('passes through when nothing matches', () => {
    const result = run([{ server: 'jira', isDeferred: false, description: 'x' }], createIssue);
    expect(result).toMatchObject({ description: createIssue.description, isDeferred: true });
  });

  it('composes with other declarative mods: the last mod that matches decides', () => {
    const mods: DeclarativeMod[] = [
      { plugin: 'pin-github', rules: [{ server: 'github', isDeferred: false }] },
      { plugin: 'defer-list', rules: [{ tool: 'list_*', isDeferred: true }] },
    ];
    const resolver = createModResolver(mods.map(modFromRules));
    expect(resolver.resolve(createIssue, baseEvent(createIssue))).toMatchObject({ isDeferred: false, decidedBy: 'pin-github' });
    expect(resolver.resolve(listIssues, baseEvent(listIssues)).isDeferred).toBe(true);
  });

  it.each([
    ['a non-object', 'nope', 'nope'],
    ['an empty plugin', { plugin: '', rules: [] }, '""'],
    ['missing rules', { plugin: 'p' }, '"p"'],
    ['a non-object rule', { plugin: 'p', rules: [3] }, 'rule 0'],
    ['a mistyped field', { plugin: 'p', rules: [{ isDeferred: true }, { isDeferred: 'false' }] }, 'rule 1'],
    ['an unknown field', { plugin: 'p', rules: [{ defer: true }] }, '"defer"'],
    ['a misspelt field, with the nearest', { plugin: 'p', rules: [{ isDefered: true }] }, 'rule 0 has unknown field "isDefered"; did you mean "isDeferred"? (fields: server, tool, isDeferred, description)'],
    ['"name" for "plugin"', { name: 'p', rules: [] }, 'a declarative mod: unknown key "name"; did you mean "plugin"? (a declarative mod is named by "plugin") (keys: plugin, rules)'],
    ['a misspelt key, with the nearest', { plugin: 'p', rule: [] }, 'mod "p": unknown key "rule"; did you mean "rules"? (keys: plugin, rules)'],
    ['options, which no mod takes', { plugin: 'p', rules: [{ isDeferred: false }], options: { level: 2 } }, 'mod "p": unknown key "options"; a mod takes no options'],
    ['a rule that does nothing', { plugin: 'p', rules: [{ isDeferred: false }, {}] }, 'rule 1 {} does nothing: it sets neither isDeferred nor description'],
    ['a rule that only matches', { plugin: 'p', rules: [{ server: 'github', tool: 'create_*' }] }, 'rule 0'],
    ['an array', [{ plugin: 'p', rules: [] }], 'must be an object'],
    // Retrial (decision 3455): an empty description blanked every matched tool's, and rules [] was accepted.
    ['empty rules, which do nothing', { plugin: 'p', rules: [] }, 'mod "p": rules is empty: the mod does nothing'],
    ['an empty description', { plugin: 'p', rules: [{ server: 'github', description: '' }] }, 'rule 0 sets description "": an empty description leaves the tools it matches nothing to be found by'],
    ['a blank description', { plugin: 'p', rules: [{ isDeferred: true }, { description: '  ' }] }, 'rule 1 sets description "  "'],
  ])('rejects %s with mod-invalid', (_label, value, text) => {
    let caught: unknown;
    try {
      modFromRules(value as DeclarativeMod);
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('mod-invalid');
    expect((caught as Error).message).toContain(text);
  });
});
