import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BUNDLE_ENTRY, MODULES_MANIFEST } from './bundle-files.js';
import type { ModulesManifest } from './bundle-files.js';
import { checkBrowserBundle } from './check-browser-bundle.js';

const directories: string[] = [];
afterEach(() => {
  for (const directory of directories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

const cleanManifest: ModulesManifest = {
  package: '@loadout/probe',
  chunks: { [BUNDLE_ENTRY]: [{ id: 'packages/probe/src/index.ts', importers: [], renderedLength: 10 }] },
  nodeBuiltinImports: [],
};

function bundle(code: string, manifest: ModulesManifest = cleanManifest): string {
  const directory = mkdtempSync(join(tmpdir(), 'loadout-bundle-'));
  directories.push(directory);
  mkdirSync(join(directory, 'dist/browser'), { recursive: true });
  writeFileSync(join(directory, BUNDLE_ENTRY), code);
  writeFileSync(join(directory, MODULES_MANIFEST), JSON.stringify(manifest));
  return directory;
}

describe('checkBrowserBundle', () => {
  it('passes a bundle that imports only @loadout packages and uses browser globals', () => {
    expect(checkBrowserBundle(bundle('import{a}from"@loadout/core";export const b=()=>a(globalThis.crypto,TextEncoder);'))).toEqual([]);
  });

  it('names Node built-ins imported by the bundle and imports left outside it', () => {
    const problems = checkBrowserBundle(bundle('import"node:fs";import{join}from"path";import"left-pad";export const x=()=>import("crypto");'));
    expect(problems).toEqual([
      `${BUNDLE_ENTRY} imports the Node built-in 'node:fs'`,
      `${BUNDLE_ENTRY} imports the Node built-in 'path'`,
      `${BUNDLE_ENTRY} imports 'left-pad', which is neither bundled nor a @loadout package`,
      `${BUNDLE_ENTRY} imports the Node built-in 'crypto'`,
    ]);
  });

  it('names Node globals the bundle uses', () => {
    const problems = checkBrowserBundle(bundle('export const x=()=>process.env.X;'));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/uses the Node global 'process' at offset 19: .*process\.env\.X/);
  });

  it('names Node built-ins the build resolved, with their importers', () => {
    const manifest: ModulesManifest = {
      ...cleanManifest,
      chunks: { [BUNDLE_ENTRY]: [{ id: '__vite-browser-external', importers: ['node_modules/dep/index.js'], renderedLength: 30 }] },
      nodeBuiltinImports: [{ specifier: 'fs', importer: 'node_modules/dep/index.js' }],
    };
    expect(checkBrowserBundle(bundle('export const x=1;', manifest))).toEqual([
      `node_modules/dep/index.js imports the Node built-in 'fs'`,
      `${BUNDLE_ENTRY} contains the Node built-in '__vite-browser-external', imported by node_modules/dep/index.js`,
    ]);
  });

  it('asks for a build when the bundle or its manifest is missing or stale', () => {
    const directory = mkdtempSync(join(tmpdir(), 'loadout-bundle-'));
    directories.push(directory);
    expect(checkBrowserBundle(directory)).toEqual([`${BUNDLE_ENTRY} is missing: build the package first`]);
    const stale = bundle('export const x=1;', { package: '@loadout/probe', chunks: {} } as unknown as ModulesManifest);
    expect(checkBrowserBundle(stale)).toEqual([`${MODULES_MANIFEST} is from another version of the build: rebuild the package`]);
  });
});
