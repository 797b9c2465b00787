import { createLoadoutError } from '@loadout/core';
import { frameVersion, openFrame, sealFrame } from '@loadout/core/utils';
import type { FrameFormat } from '@loadout/core/utils';
import type { LearnedDecision, LearnedDecisionRead } from './learned-decision.js';
import { formatLearnedDecision, parseLearnedDecision } from './parse-learned-decision.js';

/** `learned.json`'s frame: magic `LLRN`, version 1, the decision as UTF-8 JSON, an FNV-1a checksum. */
const LEARNED_FRAME: FrameFormat = {
  magic: new TextEncoder().encode('LLRN'),
  version: 1,
  corrupt: (reason, details) => createLoadoutError('learned-decision-invalid', `the learned decision is damaged: ${reason}`, details),
};

/** A decision as `learned.json`'s bytes: its JSON sealed in the checksum frame every Loadout state file uses. Pure. */
export function sealLearnedDecision(decision: LearnedDecision): Uint8Array {
  return sealFrame(LEARNED_FRAME, new TextEncoder().encode(formatLearnedDecision(decision)));
}

/**
 * Reads `learned.json`'s bytes: the frame (magic, version, checksum) and
 * then the decision's ranges (see `parseLearnedDecision`). Anything else is
 * `unreadable` with the reason (never the contents): a file written before
 * decisions were sealed, or changed by hand, is not trusted. Pure.
 */
export function openLearnedDecision(bytes: Uint8Array): LearnedDecisionRead {
  if (frameVersion(bytes, LEARNED_FRAME) === undefined) return { kind: 'unreadable', reason: 'not sealed (changed by hand, or written by an older loadout)' };
  let payload: Uint8Array;
  try {
    payload = openFrame(bytes, LEARNED_FRAME).payload;
  } catch (error) {
    return { kind: 'unreadable', reason: (error as Error).message.replace('the learned decision is damaged: ', '') };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(payload);
  } catch {
    return { kind: 'unreadable', reason: 'not UTF-8 text' };
  }
  return parseLearnedDecision(text);
}
