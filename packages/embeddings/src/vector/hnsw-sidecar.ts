import { createLoadoutError } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';
import { openFrame, sealFrame } from '@loadout/core/utils';
import type { FrameFormat } from '@loadout/core/utils';

/** Format version of the sidecar written; version 1 (a plain `<path>.json`, no checksum) is not read. */
export const HNSW_SIDECAR_VERSION = 2;

/** What the sidecar of a saved HNSW index records. */
export interface HnswSidecar {
  readonly dimensions: number;
  readonly fingerprint: string | null;
  /** Size of the graph file hnswlib wrote, in bytes. */
  readonly indexBytes: number;
  /** 32-bit FNV-1a of the graph file's bytes. */
  readonly indexChecksum: number;
  /** The next label to hand out; every label below it. */
  readonly nextLabel: number;
  /** `[label, key]` per stored vector. */
  readonly labels: readonly (readonly [number, string])[];
}

function corrupt(reason: string, details: Record<string, unknown> = {}): LoadoutError {
  return createLoadoutError('index-corrupt', `@loadout/embeddings: HNSW sidecar is corrupt: ${reason}`, { reason, ...details });
}

/** `LHNS`, version 2, in the shared checksum frame of `@loadout/core`. */
const SIDECAR_FRAME: FrameFormat = { magic: Uint8Array.of(0x4c, 0x48, 0x4e, 0x53), version: HNSW_SIDECAR_VERSION, corrupt };

/** Serialises a sidecar: its fields as UTF-8 JSON inside the shared checksum frame (magic `LHNS`, version 2). Pure. */
export function encodeHnswSidecar(sidecar: HnswSidecar): Uint8Array {
  return sealFrame(SIDECAR_FRAME, new TextEncoder().encode(JSON.stringify(sidecar)));
}

const isCount = (value: unknown, max = Number.MAX_SAFE_INTEGER): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;

/**
 * Reads a sidecar written by {@link encodeHnswSidecar}. Throws `index-corrupt`
 * for another file, a changed byte (checksum), another version, or checksummed
 * fields that do not fit: dimensions outside 1–65,536, sizes or labels that
 * are not non-negative integers, a label at or past `nextLabel`, a label or
 * key listed twice. Pure.
 */
export function decodeHnswSidecar(bytes: Uint8Array): HnswSidecar {
  const { payload } = openFrame(bytes, SIDECAR_FRAME);
  let value: Partial<Record<keyof HnswSidecar, unknown>>;
  try {
    value = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payload)) as typeof value;
  } catch {
    throw corrupt('payload is not UTF-8 JSON');
  }
  if (typeof value !== 'object' || value === null) throw corrupt('payload is not an object');
  const { dimensions, fingerprint, indexBytes, indexChecksum, nextLabel, labels } = value;
  if (!isCount(dimensions, 65_536) || dimensions < 1) throw corrupt('invalid dimensions');
  if (fingerprint !== null && typeof fingerprint !== 'string') throw corrupt('invalid fingerprint');
  if (!isCount(indexBytes) || !isCount(indexChecksum, 0xffffffff) || !isCount(nextLabel)) throw corrupt('invalid sizes');
  if (!Array.isArray(labels)) throw corrupt('labels are not a list');
  const seenLabels = new Set<number>();
  const seenKeys = new Set<string>();
  for (const entry of labels as unknown[]) {
    const [label, key] = Array.isArray(entry) && entry.length === 2 ? (entry as [unknown, unknown]) : [undefined, undefined];
    if (!isCount(label) || label >= nextLabel || typeof key !== 'string' || seenLabels.has(label) || seenKeys.has(key)) {
      throw corrupt('labels hold an entry that is not a unique [label below nextLabel, key]');
    }
    seenLabels.add(label);
    seenKeys.add(key);
  }
  return { dimensions, fingerprint, indexBytes, indexChecksum, nextLabel, labels: labels as [number, string][] };
}
