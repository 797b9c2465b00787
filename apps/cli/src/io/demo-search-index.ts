import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { forwardRanker } from '@loadout/core';
import type { CatalogTool, Ranker } from '@loadout/core';
import { demoCatalogInput } from '@loadout/demo-catalog';

/** Where the build writes the demo catalog's serialized BM25F index (next to `dist/main.js`). */
export const DEMO_INDEX_URL = new URL('../demo-bm25f-index.json', import.meta.url);

/** The part of a BM25F ranker this module needs (`@loadout/bm25`'s `Bm25Ranker`). */
interface LoadableRanker extends Ranker {
  load(blob: Uint8Array, tools: readonly CatalogTool[]): void;
}

/** A hash of the embedded catalog's content: a saved index is used only for exactly this catalog. */
export function demoCatalogFingerprint(): string {
  return createHash('sha1').update(JSON.stringify(demoCatalogInput)).digest('hex');
}

function isLoadable(ranker: Ranker): ranker is LoadableRanker {
  return typeof (ranker as Partial<LoadableRanker>).load === 'function';
}

function readSavedIndex(): Uint8Array | undefined {
  try {
    const saved = JSON.parse(readFileSync(DEMO_INDEX_URL, 'utf8')) as { fingerprint: string; index: string };
    return saved.fingerprint === demoCatalogFingerprint() ? Buffer.from(saved.index, 'base64') : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `ranker` with `index` answered from the build's saved BM25F index of the
 * embedded catalog, skipping tokenisation (about 0.2 s of a cold `search`),
 * or `ranker` itself when there is no saved index for this exact catalog or
 * the ranker cannot load one. The ranker still checks that the blob fits the
 * tools and its analyzer; a misfit throws `index-corrupt`, and the caller
 * then indexes the plain way.
 */
export function withSavedDemoIndex(ranker: Ranker): Ranker {
  const blob = isLoadable(ranker) ? readSavedIndex() : undefined;
  if (blob === undefined || !isLoadable(ranker)) return ranker;
  return forwardRanker(ranker, { index: (tools) => ranker.load(blob, tools) });
}
