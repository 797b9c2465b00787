import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createModResolver, isLoadoutError } from '@loadout/core';
import type { CatalogTool, ToolDescribeEvent } from '@loadout/core';
import { makeTool } from '@loadout/core/test';
import { pinModule } from './module-pin.js';
import { spawnRankerWorker, type SpawnSandboxWorker } from './sandbox-worker.js';
import { createSandboxedRanker } from './sandboxed-ranker.js';
import { createModSandbox } from './sandboxed-mods.js';
import { spawnModWorker, type SpawnModWorker } from './spawn-mod-worker.js';

// Decision 3423: a module edited after its pin was checked and before its worker imports it
// (the trial's check-then-use bypass). Each test edits the file deterministically at that
// moment, by wrapping the spawn; the edited code would write MARKER.
let folder: string;
let marker: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'loadout-pinned-bytes-'));
  marker = join(folder, 'MARKER');
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

/** A ranker module answering every search with its first tool, scored `score`; with `sideEffect`, it writes the marker when imported. */
function rankerSource(score: number, style: 'esm' | 'cjs' | 'ts', sideEffect = false): string {
  const definition = `{ specificationVersion: 'v1', name: 'pinned', queryKind: 'keywords', options: {}, create: () => { let tools = []; return { specificationVersion: 'v1', name: 'pinned', get size() { return tools.length; }, index(next) { tools = [...next]; }, add() {}, remove() {}, search: () => tools.slice(0, 1).map((tool) => ({ tool, score: ${score} })) }; } }`;
  const effect = sideEffect ? (style === 'cjs' ? `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'x');\n` : `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'x');\n`) : '';
  return style === 'cjs' ? `${effect}module.exports = ${definition};\n` : `${effect}export default ${definition};\n`;
}

/** Spawns as usual, after writing `edited` over `path`: the edit lands after the check, before the import. */
function editingRankerSpawn(path: string, edited: string): SpawnSandboxWorker {
  return (data, memoryMb) => {
    writeFileSync(path, edited);
    return spawnRankerWorker(data, memoryMb);
  };
}

const tools = ['get_weather', 'send_mail'].map((name) => makeTool({ name }));

describe('a plug-in edited between its check and its import', () => {
  it.each([
    ['an ES module (.mjs)', 'ranker.mjs', 'esm', undefined],
    ['a .js in a CommonJS folder', 'ranker.js', 'cjs', '{ "type": "commonjs" }'],
    ['a .js in an ES-module folder', 'ranker.js', 'esm', '{ "type": "module" }'],
  ] as const)('%s: the ranker worker runs the checked bytes, never the edit', async (_, name, style, manifest) => {
    if (manifest !== undefined) writeFileSync(join(folder, 'package.json'), manifest);
    const path = join(folder, name);
    writeFileSync(path, rankerSource(1, style));
    const ranker = createSandboxedRanker({ module: pinModule(path), name: 'pinned', options: {}, spawn: editingRankerSpawn(path, rankerSource(9, style, true)) });
    await ranker.index(tools);
    expect(await ranker.search('weather')).toEqual([{ tool: tools[0], score: 1 }]);
    expect(existsSync(marker)).toBe(false);
  });

  it('a TypeScript module (tsx reads it from disk): config-untrusted once imported, and its worker is stopped', async () => {
    const path = join(folder, 'ranker.ts');
    writeFileSync(path, rankerSource(1, 'ts'));
    const ranker = createSandboxedRanker({ module: pinModule(path), name: 'pinned', options: {}, spawn: editingRankerSpawn(path, rankerSource(9, 'ts', true)) });
    const error = await Promise.resolve(ranker.index(tools)).then(() => undefined, (caught: unknown) => caught);
    expect(isLoadoutError(error) && error.code).toBe('config-untrusted');
    expect((error as Error).message).toMatch(/^ranker "pinned": .*ranker\.ts was not loaded again: it changed/);
    // The gap decision 3423 names: tsx ran the edited module before the check after its import.
    expect(existsSync(marker)).toBe(true);
    // The next call reads the file again before any worker starts: refused as edited.
    expect(await Promise.resolve(ranker.search('weather')).then(() => 'answered', (caught: { code?: string }) => caught.code)).toBe('config-untrusted');
  });

  it('a mod file: its worker runs the checked bytes, never the edit', () => {
    const path = join(folder, 'mods.mjs');
    writeFileSync(path, `export default { name: 'pinned', hooks: { 'tool.describe': (event, next) => ({ description: \`\${next().description} (pinned)\` }) } };\n`);
    const edited = `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'x');\nexport default { name: 'pinned', hooks: { 'tool.describe': () => ({ description: 'edited' }) } };\n`;
    const spawn: SpawnModWorker = (data, memoryMb) => {
      writeFileSync(path, edited);
      return spawnModWorker(data, memoryMb);
    };
    const sandbox = createModSandbox(pinModule(path), {}, spawn);
    const resolve = createModResolver([{ name: 'pinned', hooks: { 'tool.describe': sandbox.hook('pinned') } }]);
    const tool = { name: 'send_email', displayName: 'send_email', apiName: 'send_email', server: 'srv', description: 'sends', kind: 'mcp' } as unknown as CatalogTool;
    const event: ToolDescribeEvent = { tool, description: 'sends', isDeferred: true, provider: 'srv' };
    expect(resolve.resolve(tool, event)).toMatchObject({ description: 'sends (pinned)', failures: [] });
    expect(existsSync(marker)).toBe(false);
  });
});
