import { createLoadoutError, tryParseJson } from '@loadout/core';
import { decodeUtf8, frameVersion, isRecord, openFrame, sealFrame } from '@loadout/core/utils';
import type { FrameFormat } from '@loadout/core/utils';

/** What `loadout learn` decided for a feedback store, as `learned.json` beside it keeps it (a `usagePriorWeight` earlier versions wrote is ignored). */
export interface LearnedDecision {
  /** Learned ranking is applied (search, serve) only when true. */
  readonly enabled: boolean;
  /** The ranker the decision was made for (informative). */
  readonly ranker?: string;
  /** Weight of the usage field in the first stage. Range 0–100. */
  readonly usageWeight: number;
  /** When the decision was made, as an ISO date (informative). */
  readonly decidedAt?: string;
  /** The held-out comparison that decided (informative; what `learnFromFeedback` reported). */
  readonly report?: unknown;
  /** The re-ranking model fitted on the store, when learning chose the re-ranker (checked by the ranker that applies it). */
  readonly model?: unknown;
  /** The file name of the store it was learned from, stamped by the file store: a decision of another store in the same folder is never applied or replaced. */
  readonly store?: string;
}

/** What reading a decision found: none yet, one that cannot be used (with why), another store's (its file name), or the decision. */
export type LearnedDecisionRead =
  | { readonly kind: 'missing' }
  | { readonly kind: 'unreadable'; readonly reason: string }
  | { readonly kind: 'other-store'; readonly store: string }
  | { readonly kind: 'decided'; readonly decision: LearnedDecision };

/** Largest magnitude of any number in a stored model: trained weights stay far below it, and 1e308 overflows every score. */
const MAX_MODEL_NUMBER = 1e6;

/** `learned.json`'s frame: magic `LLRN`, version 1, the decision as UTF-8 JSON, an FNV-1a checksum. */
const LEARNED_FRAME: FrameFormat = {
  magic: new TextEncoder().encode('LLRN'),
  version: 1,
  corrupt: (reason, details) => createLoadoutError('learned-decision-invalid', reason, details),
};

/** The first number in `value` (at any depth) that is not finite or exceeds {@link MAX_MODEL_NUMBER}, as a path. */
function outOfRange(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= MAX_MODEL_NUMBER ? undefined : path;
  if (depth > 4 || typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = outOfRange(item, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Reads a decision's JSON, checking the ranges of {@link LearnedDecision} and every number of `model` (within ±1e6), else `unreadable` with why. */
export function parseLearnedDecision(text: string): LearnedDecisionRead {
  const value = tryParseJson(text);
  if (!isRecord(value)) return { kind: 'unreadable', reason: value === undefined ? 'not JSON' : 'not a JSON object' };
  const { enabled, usageWeight, model } = value;
  if (typeof enabled !== 'boolean') return { kind: 'unreadable', reason: '"enabled" is not true or false' };
  if (typeof usageWeight !== 'number' || !(usageWeight >= 0 && usageWeight <= 100)) return { kind: 'unreadable', reason: '"usageWeight" is not a number in 0–100' };
  const wild = outOfRange(model, 'model');
  if (wild !== undefined) return { kind: 'unreadable', reason: `${wild} is not a finite number within ±${MAX_MODEL_NUMBER}` };
  const decision: LearnedDecision = {
    enabled,
    usageWeight,
    ...(typeof value['ranker'] === 'string' ? { ranker: value['ranker'] } : {}),
    ...(typeof value['decidedAt'] === 'string' ? { decidedAt: value['decidedAt'] } : {}),
    ...(value['report'] === undefined ? {} : { report: value['report'] }),
    ...(model === undefined ? {} : { model }),
    ...(typeof value['store'] === 'string' ? { store: value['store'] } : {}),
  };
  return { kind: 'decided', decision };
}

/** A decision as `learned.json`'s bytes: its pretty JSON sealed in the checksum frame every Loadout state file uses. */
export function sealLearnedDecision(decision: LearnedDecision): Uint8Array {
  return sealFrame(LEARNED_FRAME, new TextEncoder().encode(`${JSON.stringify(decision, null, 2)}\n`));
}

/** Reads `learned.json`'s bytes: the frame, then {@link parseLearnedDecision}; a file not sealed (changed by hand) is `unreadable`. */
export function openLearnedDecision(bytes: Uint8Array): LearnedDecisionRead {
  if (frameVersion(bytes, LEARNED_FRAME) === undefined) return { kind: 'unreadable', reason: 'not sealed (changed by hand, or written by an older loadout)' };
  try {
    const text = decodeUtf8(openFrame(bytes, LEARNED_FRAME).payload);
    return text === undefined ? { kind: 'unreadable', reason: 'not UTF-8 text' } : parseLearnedDecision(text);
  } catch (error) {
    return { kind: 'unreadable', reason: (error as Error).message };
  }
}

/** Whether `bytes` are a decision file loadout wrote: sealed (even damaged), or an older loadout's plain JSON decision; anything else is the user's. */
export function isLearnedDecisionFile(bytes: Uint8Array): boolean {
  if (frameVersion(bytes, LEARNED_FRAME) !== undefined) return true;
  const text = decodeUtf8(bytes);
  return text !== undefined && parseLearnedDecision(text).kind === 'decided';
}
