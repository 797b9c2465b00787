import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

// The plug-in guides' examples carry JSDoc types (`RankerDefinition`, `Mod`): a user's editor
// checks them with checkJs, as the trial did (decision 3451: the ranker's create returned
// specificationVersion: string, not 'v1'). Checked here against the built @loadout/core.
const root = fileURLToPath(new URL('../', import.meta.url));

it('docs/examples type-check under checkJs and strict', { timeout: 120_000 }, () => {
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', join(root, 'docs/examples')], { encoding: 'utf8' });
  expect(result.stdout + result.stderr).toBe('');
  expect(result.status).toBe(0);
});
