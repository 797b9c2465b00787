#!/usr/bin/env node
// `pnpm packs`: one installable tarball per public package in packs/ (the
// folder and the script name are a contract). `pnpm pack` rewrites
// `workspace:*` to the packages' versions; the repository's LICENSE is copied
// into each package for the pack and removed again, so every tarball carries
// README.md and LICENSE. The `development` condition (`exports`, `imports`; workspace
// sources, see tooling/workspace-sources.ts) is stripped from package.json
// for the pack and restored after: tarballs ship dist/, not src/. Run after
// `pnpm build` (the script does it first).
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const out = join(root, 'packs');

/** Folders of the workspace's public packages, in dependency-friendly order (core first). */
export function publicPackageFolders() {
  const folders = [
    ...readdirSync(join(root, 'packages')).map((name) => join(root, 'packages', name)),
    join(root, 'apps', 'cli'),
  ].filter((folder) => existsSync(join(folder, 'package.json')));
  return folders.filter((folder) => JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')).private !== true);
}

/** `exports` (or `imports`) without the `development` condition (at any depth). */
export function withoutSourceCondition(exports) {
  if (typeof exports !== 'object' || exports === null || Array.isArray(exports)) return exports;
  return Object.fromEntries(Object.entries(exports).filter(([key]) => key !== 'development').map(([key, value]) => [key, withoutSourceCondition(value)]));
}

function pack(folder) {
  const manifestPath = join(folder, 'package.json');
  const manifestText = readFileSync(manifestPath, 'utf8');
  const manifest = JSON.parse(manifestText);
  if (!existsSync(join(folder, 'README.md'))) throw new Error(`${manifest.name} has no README.md`);
  if (!existsSync(join(folder, 'dist'))) throw new Error(`${manifest.name} is not built (no dist/); run pnpm build`);
  const license = join(folder, 'LICENSE');
  const copied = !existsSync(license);
  if (copied) copyFileSync(join(root, 'LICENSE'), license);
  if (manifest.exports !== undefined || manifest.imports !== undefined) {
    const packed = { ...manifest, exports: withoutSourceCondition(manifest.exports), imports: withoutSourceCondition(manifest.imports) };
    writeFileSync(manifestPath, `${JSON.stringify(packed, null, 2)}\n`);
  }
  try {
    const result = spawnSync('pnpm', ['pack', '--pack-destination', out], { cwd: folder, encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`pnpm pack failed for ${manifest.name}:\n${result.stderr}`);
  } finally {
    writeFileSync(manifestPath, manifestText);
    if (copied) rmSync(license);
  }
  return manifest.name;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  const names = publicPackageFolders().map(pack);
  const tarballs = readdirSync(out).filter((name) => name.endsWith('.tgz'));
  process.stdout.write(`packs/: ${tarballs.length} tarballs (${names.join(', ')})\n${tarballs.map((name) => `  packs/${name}`).join('\n')}\n`);
}
