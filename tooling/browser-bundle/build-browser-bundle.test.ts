import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModulesManifest } from './bundle-files.js';

const script = fileURLToPath(new URL('./build-browser-bundle.ts', import.meta.url));
const tsx = fileURLToPath(new URL('../../node_modules/.bin/tsx', import.meta.url));
const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

function buildPackage(source: string) {
  const directory = mkdtempSync(join(tmpdir(), 'loadout-probe-'));
  directories.push(directory);
  mkdirSync(join(directory, 'src'));
  writeFileSync(join(directory, 'package.json'), '{"name":"@loadout/probe","type":"module"}');
  writeFileSync(join(directory, 'src/index.ts'), source);
  const run = spawnSync(tsx, [script], { cwd: directory, encoding: 'utf8' });
  return { directory, status: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('build-browser-bundle', () => {
  it('writes a minified bundle and its modules, keeping @loadout packages external, and prints its size', () => {
    const { directory, status, stdout } = buildPackage(
      "import { createLoadoutError } from '@loadout/core';\nexport const fail = (value: string) => createLoadoutError('invalid-input', `bad ${value}`, {});\n",
    );
    expect(status).toBe(0);
    expect(stdout).toMatch(/^@loadout\/probe: dist\/browser\/index\.js [\d.]+ kB, [\d.]+ kB gzipped, 1 modules, no Node built-ins\n$/);
    const code = readFileSync(join(directory, 'dist/browser/index.js'), 'utf8');
    expect(code).toMatch(/^import\{createLoadoutError as \w+\}from"@loadout\/core";/);
    expect(code.split('\n').filter(Boolean)).toHaveLength(1);
    const manifest = JSON.parse(readFileSync(join(directory, 'dist/browser/modules.json'), 'utf8')) as ModulesManifest;
    expect(manifest.nodeBuiltinImports).toEqual([]);
    expect(Object.values(manifest.chunks).flat().map((module) => module.id)).toEqual([expect.stringMatching(/src\/index\.ts$/)]);
  });

  it('fails, naming the built-in and the global, when the code needs Node', () => {
    const { status, stderr } = buildPackage(
      "import { readFileSync } from 'node:fs';\nexport const read = (file: string) => readFileSync(file, 'utf8') + process.cwd();\n",
    );
    expect(status).toBe(1);
    expect(stderr).toContain("@loadout/probe: the browser bundle depends on Node:");
    expect(stderr).toMatch(/src\/index\.ts imports the Node built-in 'node:fs'/);
    expect(stderr).toMatch(/uses the Node global 'process'/);
  });
});
