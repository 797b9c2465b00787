/**
 * "Adding an adapter is one package plus the list": the CLI's package.json
 * dependencies are the list (`loadAdapterList` discovers the adapter entries
 * among them), and no file outside an adapter's package names it, except
 * that list, documentation (`*.md`: the README's support table, decisions)
 * and generated files (`pnpm-lock.yaml`). Files not committed yet count, so
 * a new adapter's stray edits fail here before they land.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isAdapterDefinition, loadAdapterList } from '../../apps/cli/src/commands/adapter-list.js';
import { ADAPTER_ENTRY, CLI_MANIFEST, adapterPackages } from '../../apps/cli/src/commands/adapter-packages.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The list and the generated lock file (and this check, which names the exceptions): the only files outside an adapter's package, besides `*.md`, that may name it. */
const LIST_FILES = new Set([CLI_MANIFEST.slice(root.length), 'pnpm-lock.yaml', fileURLToPath(import.meta.url).slice(root.length)]);
/** Files that name another adapter's package for a reason of their own, with the reason. */
const EXCEPTIONS: Record<string, Record<string, string>> = {
  '@loadout/openai': {
    'packages/ai-sdk/package.json': "the AI SDK adapter's examples run against the OpenAI package's API double (@loadout/openai/test)",
    'packages/ai-sdk/src/examples.test.ts': "the AI SDK adapter's examples run against the OpenAI package's API double (@loadout/openai/test)",
  },
  '@loadout/anthropic': {
    'tooling/check-packs.mjs': 'the packs trial imports the Anthropic entries without their optional peers',
  },
};

interface WorkspaceAdapter {
  readonly name: string;
  /** Its folder, relative to the root (`packages/google`). */
  readonly folder: string;
  readonly definitions: readonly string[];
}

/** Every workspace package whose adapter entry exports adapter definitions, read from its sources. */
async function workspaceAdapters(): Promise<WorkspaceAdapter[]> {
  const found: WorkspaceAdapter[] = [];
  for (const folder of readdirSync(join(root, 'packages')).map((name) => `packages/${name}`)) {
    const manifestPath = join(root, folder, 'package.json');
    if (!existsSync(manifestPath)) continue;
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { name: string; exports?: Record<string, { development?: string }> };
    const source = manifest.exports?.[ADAPTER_ENTRY]?.development;
    if (source === undefined) continue;
    const entry = (await import(join(root, folder, source))) as Record<string, unknown>;
    const definitions = Object.values(entry).filter(isAdapterDefinition).map((definition) => definition.name);
    if (definitions.length > 0) found.push({ name: manifest.name, folder, definitions });
  }
  return found;
}

const adapters = await workspaceAdapters();
const listed = await loadAdapterList();

describe('the adapter list (the CLI package.json dependencies)', () => {
  it('finds adapter packages in the workspace', () => expect(adapters.length).toBeGreaterThanOrEqual(4));

  it.each(adapters.map((adapter) => [adapter.name, adapter] as const))('%s is a dependency of the CLI and each of its definitions is discovered', (name, adapter) => {
    expect(adapterPackages(), `add "${name}": "workspace:*" to the dependencies of apps/cli/package.json`).toContain(name);
    for (const definitionName of adapter.definitions) {
      const definition = listed.find((candidate) => candidate.name === definitionName);
      expect(definition, definitionName).toBeDefined();
      expect(definition!.package === name || definition!.package.startsWith(`${name}/`), definition!.package).toBe(true);
    }
  });

  it('discovers nothing else, under unique lower-case names, sorted', () => {
    const names = listed.map((definition) => definition.name);
    expect(names).toEqual(adapters.flatMap((adapter) => adapter.definitions).sort());
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('no file outside an adapter package names it, except the list, docs and generated files', () => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file !== '' && !file.endsWith('.md') && !LIST_FILES.has(file) && existsSync(join(root, file)));
  const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

  it.each(adapters.map((adapter) => [adapter.name, adapter] as const))('%s', (name, adapter) => {
    // The package name as an import or dependency, or its folder as a path (a relative import).
    const pattern = new RegExp(`${escape(name)}(?![\\w-])|${escape(adapter.folder)}/`);
    const exceptions = EXCEPTIONS[name] ?? {};
    const naming = files.filter((file) => !file.startsWith(`${adapter.folder}/`) && pattern.test(readFileSync(join(root, file), 'latin1')));
    expect(naming.filter((file) => exceptions[file] === undefined)).toEqual([]);
    // An exception that no longer names it is stale.
    expect(Object.keys(exceptions).filter((file) => !naming.includes(file))).toEqual([]);
  });
});
