import { existsSync, realpathSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

import './src/__fixtures__/provided-context.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function onnxRuntimeDist(): string | undefined {
  for (const base of [`${root}packages/browser/node_modules`, `${root}packages/embeddings/node_modules`]) {
    const transformers = `${base}/@huggingface/transformers`;
    if (!existsSync(transformers)) continue;
    const dist = join(realpathSync(transformers), '..', '..', 'onnxruntime-web', 'dist');
    if (existsSync(dist)) return realpathSync(dist);
  }
  return undefined;
}

/**
 * Writes a tiny random BERT (the @loadout/embeddings test fixture) into a
 * temporary folder the dev server may serve, and tells the browser tests
 * where it and onnxruntime-web's WASM files are, so transformers.js runs end
 * to end from local files only.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const directory = await mkdtemp(join(tmpdir(), 'loadout-browser-models-'));
  let tinyModelBaseUrl = '';
  try {
    const fixture = `${root}packages/embeddings/src/transformers/__fixtures__/tiny-bert.ts`;
    const { writeTinyBert } = (await import(fixture)) as { writeTinyBert: (target: string) => Promise<unknown> };
    await writeTinyBert(join(directory, 'local', 'tiny-bert'));
    tinyModelBaseUrl = `/@fs${directory}/`;
  } catch {
    tinyModelBaseUrl = '';
  }
  const dist = onnxRuntimeDist();
  project.provide('tinyModelBaseUrl', tinyModelBaseUrl);
  project.provide('ortWasmPaths', dist === undefined ? '' : `/@fs${dist}/`);
  return async () => {
    await rm(directory, { recursive: true, force: true });
  };
}
