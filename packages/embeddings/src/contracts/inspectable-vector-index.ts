import type { VectorIndex } from '@loadout/core';

/** A {@link VectorIndex} that can list, read back and drop its content (both indexes of this package). */
export interface InspectableVectorIndex extends VectorIndex {
  /** The stored unit-length vector of a key, or undefined. */
  getVector(key: string): Float32Array | undefined;
  /** Every key held, in no particular order. */
  keys(): string[];
  /** Removes every vector. */
  clear(): void;
}

/**
 * An index that saves itself to a file with a fingerprint of what it holds,
 * so a caller can tell whether a saved index still matches its catalog.
 */
export interface PersistentVectorIndex extends InspectableVectorIndex {
  /** The file this index saves to and loads from by default, if any. */
  readonly path: string | undefined;
  /** Fingerprint stored with the content when it was last saved or loaded; undefined otherwise. */
  readonly fingerprint: string | undefined;
  /** Writes the index and its fingerprint; `path` defaults to the index's own. */
  save(path?: string, fingerprint?: string): void;
  /** Replaces the content with the saved index at `path` (default: the index's own); false when there is none. */
  load(path?: string): boolean;
}

/** True when `index` has the {@link InspectableVectorIndex} methods. */
export function isInspectableVectorIndex(index: VectorIndex): index is InspectableVectorIndex {
  const candidate = index as Partial<InspectableVectorIndex>;
  return typeof candidate.getVector === 'function' && typeof candidate.keys === 'function' && typeof candidate.clear === 'function';
}

/** True when `index` has the {@link PersistentVectorIndex} methods. */
export function isPersistentVectorIndex(index: VectorIndex): index is PersistentVectorIndex {
  const candidate = index as Partial<PersistentVectorIndex>;
  return isInspectableVectorIndex(index) && typeof candidate.save === 'function' && typeof candidate.load === 'function';
}
