import type { RankerName } from '@loadout/browser';

/** How the page presents one ranker. */
export interface RankerChoice {
  readonly label: string;
  /** One line under the picker. */
  readonly help: string;
  /** Milliseconds to wait after a keystroke before searching; heavier rankers wait longer. */
  readonly debounceMs: number;
}

/**
 * Every ranker of `@loadout/browser`, in picker order (the type check keeps
 * this in step with `RankerName`).
 */
export const RANKER_CHOICES = {
  bm25f: { label: 'BM25F (keywords)', help: 'Typed-array BM25F over name, description, parameters and server.', debounceMs: 8 },
  'static-embedding': {
    label: 'Static word vectors',
    help: 'GloVe vectors with SIF weighting; fetches a 5.8 MB table once, then the browser caches it.',
    debounceMs: 60,
  },
  hybrid: { label: 'Hybrid (BM25F + vectors)', help: "BM25F's top 100 re-scored with the static vectors (0.75 / 0.25).", debounceMs: 40 },
  transformers: {
    label: 'transformers.js (WASM)',
    help: 'A sentence model on onnxruntime-web, from local files only: put Xenova/all-MiniLM-L6-v2 under models/.',
    debounceMs: 150,
  },
} as const satisfies Record<RankerName, RankerChoice>;

/** The ranker names in picker order. */
export const RANKER_ORDER = Object.keys(RANKER_CHOICES) as RankerName[];

/** True for a ranker the page offers. */
export function isRankerName(value: unknown): value is RankerName {
  return typeof value === 'string' && Object.hasOwn(RANKER_CHOICES, value);
}
