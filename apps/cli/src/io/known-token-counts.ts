import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createLoadoutError, type LoadoutError } from '@loadout/core';
import { openFrame, sealFrame, type FrameFormat } from '@loadout/core/utils';

/** Where the build writes the demo catalog's token counts (next to `dist/main.js`), sealed in the checksum frame. */
export const KNOWN_TOKEN_COUNTS_URL = new URL('../demo-token-counts.ldtc', import.meta.url);

/** Largest count a table may hold: more tokens than any tool definition could have. */
const MAX_COUNT = 2 ** 31 - 1;

/** Token counts by {@link tokenCountKey}, and the id of the counter that produced them. */
export interface KnownTokenCounts {
  readonly counterId: string;
  readonly counts: ReadonlyMap<string, number>;
}

function invalid(reason: string, details: Record<string, unknown> = {}): LoadoutError {
  return createLoadoutError('token-cache-invalid', `${KNOWN_TOKEN_COUNTS_URL.pathname}: the build's token-count cache is damaged (${reason}); counting with the tokenizer instead`, {
    path: KNOWN_TOKEN_COUNTS_URL.pathname,
    reason,
    ...details,
  });
}

/** The token-count cache's frame: magic `LDTC`, version 1, a UTF-8 JSON payload `{counterId, counts}`. */
const TOKEN_COUNTS_FRAME: FrameFormat = { magic: new TextEncoder().encode('LDTC'), version: 1, corrupt: invalid };

/** The table's key of a text: 96 bits of its SHA-1 (the text itself is not stored). */
export function tokenCountKey(text: string): string {
  return createHash('sha1').update(text).digest('base64').slice(0, 16);
}

/** The bytes of a table as the build writes them. */
export function encodeKnownTokenCounts(table: { readonly counterId: string; readonly counts: Readonly<Record<string, number>> }): Uint8Array {
  return sealFrame(TOKEN_COUNTS_FRAME, new TextEncoder().encode(JSON.stringify(table)));
}

/**
 * Opens and checks a table written by {@link encodeKnownTokenCounts}: the
 * frame (magic, version, checksum), then every count an integer from 0 to
 * 2^31 - 1. Throws `token-cache-invalid` naming what is wrong.
 */
export function decodeKnownTokenCounts(bytes: Uint8Array): KnownTokenCounts {
  const { payload } = openFrame(bytes, TOKEN_COUNTS_FRAME);
  let table: unknown;
  try {
    table = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(payload));
  } catch {
    throw invalid('payload is not JSON');
  }
  const { counterId, counts } = (table ?? {}) as { counterId?: unknown; counts?: unknown };
  if (typeof counterId !== 'string' || typeof counts !== 'object' || counts === null || Array.isArray(counts)) throw invalid('not {counterId, counts}');
  const map = new Map<string, number>();
  for (const [key, count] of Object.entries(counts)) {
    if (!Number.isInteger(count) || (count as number) < 0 || (count as number) > MAX_COUNT) throw invalid(`count ${String(count)} out of range 0 to ${MAX_COUNT}`, { key });
    map.set(key, count as number);
  }
  return { counterId, counts: map };
}

/** What {@link loadKnownTokenCounts} found: the table, nothing (no file: running from sources), or the damage. */
export interface KnownTokenCountsResult {
  /** The checked table; undefined when there is none or it is damaged. */
  readonly table?: KnownTokenCounts;
  /** Why a table that exists was not used (`token-cache-invalid`). */
  readonly problem?: LoadoutError;
}

/** Reads and checks the table at `url`: nothing when there is no file, else the table or the coded problem. */
export function readKnownTokenCounts(url: URL): KnownTokenCountsResult {
  let bytes: Uint8Array;
  try {
    bytes = readFileSync(url);
  } catch {
    return {};
  }
  try {
    return { table: decodeKnownTokenCounts(bytes) };
  } catch (error) {
    return { problem: error as LoadoutError };
  }
}

let cached: KnownTokenCountsResult | undefined;

/** The build's table ({@link KNOWN_TOKEN_COUNTS_URL}), read once per process; see {@link readKnownTokenCounts}. */
export function loadKnownTokenCounts(): KnownTokenCountsResult {
  cached ??= readKnownTokenCounts(KNOWN_TOKEN_COUNTS_URL);
  return cached;
}
