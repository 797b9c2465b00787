#!/usr/bin/env node
// Puts `loadout` on PATH: links <npm global prefix>/bin/loadout to this
// checkout's apps/cli/dist/main.js, as `npm link` does for a package's bin.
// npm's global bin is on PATH wherever `npm i -g pnpm` made `pnpm` runnable,
// which the README's first command needs anyway. Run by `pnpm start`; a
// failure to link is reported and never fails the demo.
// Usage: node tooling/link-cli.mjs [--quiet]
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const target = fileURLToPath(new URL('../apps/cli/dist/main.js', import.meta.url));
const say = (line) => process.stderr.write(`link-cli: ${line}\n`);

function npmGlobalBin() {
  if (process.platform === 'win32') return undefined;
  const npm = spawnSync('npm', ['prefix', '-g'], { encoding: 'utf8' });
  const prefix = npm.status === 0 ? npm.stdout.trim() : '';
  return prefix === '' ? undefined : join(prefix, 'bin');
}

function link() {
  if (!existsSync(target)) return say(`${target} is missing; run pnpm build first`);
  chmodSync(target, 0o755);
  const bin = npmGlobalBin();
  if (bin === undefined) return say('cannot find npm\'s global bin folder; use `pnpm --silent loadout` from the repository root');
  const path = join(bin, 'loadout');
  let existing;
  try {
    existing = lstatSync(path);
  } catch {
    existing = undefined;
  }
  if (existing !== undefined && !existing.isSymbolicLink()) {
    return say(`${path} exists and is not a link; left it alone (remove it to link this checkout)`);
  }
  if (existing !== undefined && resolve(bin, readlinkSync(path)) === target) return;
  try {
    mkdirSync(bin, { recursive: true });
    if (existing !== undefined) rmSync(path);
    symlinkSync(target, path);
  } catch (error) {
    return say(`cannot link ${path}: ${error.code ?? error.message}; use \`pnpm --silent loadout\` from the repository root`);
  }
  const onPath = (process.env.PATH ?? '').split(delimiter).some((entry) => resolve(entry) === resolve(bin));
  say(`linked ${path} -> ${target}${onPath ? '' : ` (add ${bin} to PATH)`}`);
}

link();
