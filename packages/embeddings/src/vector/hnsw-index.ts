import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createLoadoutError, isLoadoutError, type LoadoutError, type VectorMatch } from '@loadout/core';
import { fnv1a32Bytes, integerOption } from '@loadout/core/utils';
import type { HierarchicalNSW } from 'hnswlib-node';
import type { PersistentVectorIndex } from '../contracts/inspectable-vector-index.js';
import { decodeHnswSidecar, encodeHnswSidecar, type HnswSidecar } from './hnsw-sidecar.js';
import { validateDimensions, validateEntries, validateK, validateVector } from './validate-vectors.js';

/** Options of {@link createHnswIndex}. */
export interface HnswIndexOptions {
  /** Length of every vector; an integer from 1 to 65,536. */
  dimensions: number;
  /** Graph links per node. Default 16; sensible 8–64 (more: better recall, more memory). */
  M?: number;
  /** Candidate list size while building. Default 200; ≥ `M`. */
  efConstruction?: number;
  /** Candidate list size while searching (raised to `k` when smaller). Default 64; ≥ 1. */
  ef?: number;
  /** Vectors to reserve room for; grows by doubling. Default 1,024. */
  maxElements?: number;
  /**
   * File to save to and load from. When the file and its sidecar
   * (`<path>.meta`) exist at creation, the index is loaded from them.
   * Default: none.
   */
  path?: string;
  /**
   * What a damaged saved index at `path` does at creation: `'throw'` (the
   * default) throws LoadoutError `index-corrupt`; `'rebuild'` starts empty
   * instead, so the caller re-adds its vectors and the next `save` replaces
   * the damaged files. An explicit `load()` always throws.
   */
  onCorrupt?: 'throw' | 'rebuild';
  /** Seed of the level generator, for reproducible graphs. Default 100. */
  seed?: number;
}

/** An approximate cosine index on hnswlib-node; synchronous; saves to a file. Node only. */
export interface HnswVectorIndex extends PersistentVectorIndex {
  add(entries: readonly { readonly key: string; readonly vector: Float32Array }[]): void;
  remove(keys: readonly string[]): void;
  search(vector: Float32Array, k: number): VectorMatch[];
}

type HnswModule = typeof import('hnswlib-node');
let hnswModule: HnswModule | undefined;

function loadHnswlib(): HnswModule {
  if (hnswModule !== undefined) return hnswModule;
  try {
    hnswModule = createRequire(import.meta.url)('hnswlib-node') as HnswModule;
    return hnswModule;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
    throw createLoadoutError(
      'unsupported-environment',
      `@loadout/embeddings: the HNSW index needs hnswlib-node, which is not installed or did not build here (${code}); ` +
        'install it with a C++ toolchain and Python present (e.g. apt install build-essential python3, then npm install hnswlib-node), or use createExactIndex',
      { missing: 'hnswlib-node', code },
    );
  }
}

/** Where the sidecar of an index saved at `path` lives. */
const sidecarPath = (path: string): string => `${path}.meta`;
/** The version-1 sidecar (plain JSON, no checksums), which is not read; `save` removes it. */
const version1SidecarPath = (path: string): string => `${path}.json`;

function corruptAt(path: string, error: unknown): LoadoutError {
  const message = isLoadoutError(error) ? error.message.replace(/^@loadout\/embeddings: /, '') : String(error);
  return createLoadoutError('index-corrupt', `@loadout/embeddings: saved HNSW index ${JSON.stringify(path)}: ${message}`, {
    ...(isLoadoutError(error) ? error.details : {}),
    path,
  });
}

function readSidecar(path: string): HnswSidecar {
  try {
    return decodeHnswSidecar(readFileSync(sidecarPath(path)));
  } catch (error) {
    throw corruptAt(path, error);
  }
}

/**
 * Creates an HNSW index in cosine space on hnswlib-node: string keys map to
 * numeric labels, removal marks labels deleted (their slots are reused),
 * capacity doubles as needed. `save` writes the graph and a sidecar
 * (`<path>.meta`: keys, labels, a caller's fingerprint of the content, and
 * the graph file's size and FNV-1a checksum, in the shared checksum frame);
 * with `path`, an existing saved index is loaded at creation. Loading checks
 * both files before hnswlib reads the graph: any damage is `index-corrupt`
 * (see `onCorrupt`). A saved index of other dimensions, or one saved in the
 * version-1 layout (`<path>.json`), is not loaded.
 */
export function createHnswIndex(options: HnswIndexOptions): HnswVectorIndex {
  const { dimensions } = options;
  validateDimensions(dimensions);
  const M = integerOption('@loadout/embeddings', 'M', options.M, 16, 1);
  const efConstruction = integerOption('@loadout/embeddings', 'efConstruction', options.efConstruction, 200, 1);
  const ef = integerOption('@loadout/embeddings', 'ef', options.ef, 64, 1);
  const seed = options.seed ?? 100;
  const initialCapacity = integerOption('@loadout/embeddings', 'maxElements', options.maxElements, 1024, 1);
  if (options.onCorrupt !== undefined && options.onCorrupt !== 'throw' && options.onCorrupt !== 'rebuild') {
    throw createLoadoutError('invalid-option', `@loadout/embeddings: onCorrupt must be 'throw' or 'rebuild', got ${JSON.stringify(options.onCorrupt)}`);
  }
  const { HierarchicalNSW: Hnsw } = loadHnswlib();

  let graph: HierarchicalNSW;
  let keyToLabel = new Map<string, number>();
  let labelToKey = new Map<number, string>();
  let nextLabel = 0;
  let fingerprint: string | undefined;

  const fresh = (capacity: number): void => {
    graph = new Hnsw('cosine', dimensions);
    graph.initIndex(capacity, M, efConstruction, seed, true);
    graph.setEf(ef);
    keyToLabel = new Map();
    labelToKey = new Map();
    nextLabel = 0;
    fingerprint = undefined;
  };

  const load = (path: string | undefined = options.path): boolean => {
    if (path === undefined) {
      throw createLoadoutError('invalid-option', '@loadout/embeddings: load() needs a path (none given and no path option)');
    }
    if (!existsSync(sidecarPath(path))) return false;
    const sidecar = readSidecar(path);
    if (sidecar.dimensions !== dimensions) return false;
    let graphBytes: Uint8Array;
    try {
      graphBytes = readFileSync(path);
    } catch (error) {
      throw corruptAt(path, `the graph file is unreadable (${(error as NodeJS.ErrnoException).code ?? String(error)})`);
    }
    if (graphBytes.length !== sidecar.indexBytes || fnv1a32Bytes(graphBytes) !== sidecar.indexChecksum) {
      throw corruptAt(path, 'the graph file does not match the size and checksum its sidecar recorded');
    }
    const loaded = new Hnsw('cosine', dimensions);
    try {
      loaded.readIndexSync(path, true);
    } catch (error) {
      throw corruptAt(path, `hnswlib cannot read the graph: ${String(error)}`);
    }
    const stored = new Set(loaded.getIdsList());
    if (sidecar.labels.some(([label]) => !stored.has(label))) throw corruptAt(path, 'the sidecar lists a label the graph does not hold');
    loaded.setEf(ef);
    graph = loaded;
    keyToLabel = new Map(sidecar.labels.map(([label, key]) => [key, label]));
    labelToKey = new Map(sidecar.labels);
    nextLabel = sidecar.nextLabel;
    fingerprint = sidecar.fingerprint ?? undefined;
    return true;
  };

  fresh(initialCapacity);
  if (options.path !== undefined) {
    try {
      load(options.path);
    } catch (error) {
      if (options.onCorrupt !== 'rebuild' || !isLoadoutError(error) || error.code !== 'index-corrupt') throw error;
      fresh(initialCapacity);
    }
  }

  return {
    specificationVersion: 'v1',
    dimensions,
    get size() {
      return keyToLabel.size;
    },
    get path() {
      return options.path;
    },
    get fingerprint() {
      return fingerprint;
    },
    add(entries) {
      validateEntries(entries, dimensions);
      for (const { key, vector } of entries) {
        const point = Array.from(vector);
        const existing = keyToLabel.get(key);
        if (existing !== undefined) {
          graph.addPoint(point, existing, false);
          continue;
        }
        const used = graph.getCurrentCount();
        if (used >= graph.getMaxElements() && used === keyToLabel.size) graph.resizeIndex(graph.getMaxElements() * 2);
        const label = nextLabel++;
        graph.addPoint(point, label, true);
        keyToLabel.set(key, label);
        labelToKey.set(label, key);
      }
      if (entries.length > 0) fingerprint = undefined;
    },
    remove(keys) {
      for (const key of keys) {
        const label = keyToLabel.get(key);
        if (label === undefined) continue;
        graph.markDelete(label);
        keyToLabel.delete(key);
        labelToKey.delete(label);
        fingerprint = undefined;
      }
    },
    search(vector, k) {
      validateK(k);
      validateVector(vector, dimensions);
      const count = Math.min(k, keyToLabel.size);
      if (count === 0) return [];
      const { neighbors, distances } = graph.searchKnn(Array.from(vector), count);
      const matches: VectorMatch[] = [];
      neighbors.forEach((label, index) => {
        const key = labelToKey.get(label);
        if (key !== undefined) matches.push({ key, score: 1 - distances[index]! });
      });
      return matches;
    },
    getVector(key) {
      const label = keyToLabel.get(key);
      return label === undefined ? undefined : Float32Array.from(graph.getPoint(label));
    },
    keys: () => [...keyToLabel.keys()],
    clear() {
      fresh(initialCapacity);
    },
    save(path = options.path, newFingerprint = fingerprint) {
      if (path === undefined) {
        throw createLoadoutError('invalid-option', '@loadout/embeddings: save() needs a path (none given and no path option)');
      }
      const temporary = `${path}.${process.pid}.tmp`;
      graph.writeIndexSync(temporary);
      const graphBytes = readFileSync(temporary);
      const sidecar = encodeHnswSidecar({
        dimensions,
        fingerprint: newFingerprint ?? null,
        indexBytes: graphBytes.length,
        indexChecksum: fnv1a32Bytes(graphBytes),
        nextLabel,
        labels: [...labelToKey],
      });
      writeFileSync(`${sidecarPath(path)}.${process.pid}.tmp`, sidecar);
      renameSync(temporary, path);
      renameSync(`${sidecarPath(path)}.${process.pid}.tmp`, sidecarPath(path));
      rmSync(version1SidecarPath(path), { force: true });
      fingerprint = newFingerprint;
    },
    load,
  };
}
