import { copyFileSync, createReadStream, existsSync, mkdirSync, readdirSync, realpathSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/** A file the page fetches at run time, by its URL path under the page. */
export interface PlaygroundAsset {
  /** Path under the page and under `dist/` (`static/glove-sg-100d-50k.ldwv`). */
  readonly path: string;
  /** Where it is read from, or undefined when it is not built or installed. */
  readonly file: string | undefined;
}

function onnxRuntimeDist(): string | undefined {
  for (const base of [`${root}packages/browser/node_modules`, `${root}packages/embeddings/node_modules`]) {
    const transformers = `${base}/@huggingface/transformers`;
    if (!existsSync(transformers)) continue;
    const dist = join(realpathSync(transformers), '..', '..', 'onnxruntime-web', 'dist');
    if (existsSync(dist)) return dist;
  }
  return undefined;
}

function existing(file: string): string | undefined {
  return existsSync(file) ? file : undefined;
}

/** True when a transformers model folder (one with a `config.json`) is under `public/models/`, two levels down as `<org>/<model>/`. */
export function hasModelFolder(models = `${root}apps/playground/public/models`): boolean {
  if (!existsSync(models)) return false;
  return readdirSync(models, { withFileTypes: true }).some(
    (org) => org.isDirectory() && readdirSync(join(models, org.name), { withFileTypes: true }).some((model) => model.isDirectory() && existsSync(join(models, org.name, model.name, 'config.json'))),
  );
}

/**
 * The run-time files: the static word-vector table (built by
 * `@loadout/embeddings`) and onnxruntime-web's WASM for the transformers
 * ranker. Model weights are never fetched: put a model folder under
 * `public/models/` to use the transformers ranker. The WASM (27 MB) is part
 * of the list only when such a folder exists (`withRuntime`): without a
 * model the ranker is listed as unavailable and its runtime would never load.
 */
export function playgroundAssetList(withRuntime = hasModelFolder()): PlaygroundAsset[] {
  const ort = withRuntime ? onnxRuntimeDist() : undefined;
  return [
    { path: 'static/glove-sg-100d-50k.ldwv', file: existing(`${root}packages/embeddings/dist/glove-sg-100d-50k.ldwv`) },
    ...(withRuntime
      ? ['ort-wasm-simd-threaded.asyncify.mjs', 'ort-wasm-simd-threaded.asyncify.wasm'].map((name) => ({
          path: `ort/${name}`,
          file: ort === undefined ? undefined : existing(join(ort, name)),
        }))
      : []),
  ];
}

const CONTENT_TYPES: Record<string, string> = { '.mjs': 'text/javascript', '.wasm': 'application/wasm' };

/** Serves the run-time files in `vite dev` / `vite preview` and copies them into `dist/` after a build (not through the bundler: the WASM is 27 MB). */
export function playgroundAssets(): Plugin {
  let outDir = '';
  const assets = playgroundAssetList();
  const serve = (url: string | undefined): PlaygroundAsset | undefined => {
    const path = (url ?? '').split('?')[0]?.replace(/^\/+/, '');
    return assets.find((asset) => asset.path === path && asset.file !== undefined);
  };
  const middleware = (request: { url?: string }, response: import('node:http').ServerResponse, next: () => void): void => {
    const asset = serve(request.url);
    if (asset?.file === undefined) return next();
    const extension = /\.[a-z]+$/.exec(asset.path)?.[0] ?? '';
    response.setHeader('Content-Type', CONTENT_TYPES[extension] ?? 'application/octet-stream');
    response.setHeader('Content-Length', statSync(asset.file).size);
    createReadStream(asset.file).pipe(response);
  };
  return {
    name: 'loadout-playground-assets',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    configureServer(server) {
      server.middlewares.use(middleware);
    },
    configurePreviewServer(server) {
      server.middlewares.use(middleware);
    },
    closeBundle() {
      if (outDir === '' || !existsSync(outDir)) return;
      for (const asset of assets) {
        if (asset.file === undefined) {
          this.warn(`${asset.path} is missing (build @loadout/embeddings and install @huggingface/transformers); the rankers that need it will report an error`);
          continue;
        }
        const target = join(outDir, asset.path);
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(asset.file, target);
      }
    },
  };
}

/**
 * Drops the copy of onnxruntime-web's WASM that bundling transformers.js
 * emits (27 MB under `assets/`): the engine always sets `wasmPaths`, so
 * onnxruntime loads the one under `ort/` and the bundled copy is never fetched.
 */
export function dropBundledOrtWasm(): Plugin {
  return {
    name: 'loadout-drop-bundled-ort-wasm',
    generateBundle(_options, bundle) {
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'asset' && /(^|\/)ort-wasm-[^/]*\.wasm$/.test(fileName)) delete bundle[fileName];
      }
    },
  };
}
