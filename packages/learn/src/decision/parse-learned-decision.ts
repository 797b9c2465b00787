import type { LearnedDecision, LearnedDecisionRead } from './learned-decision.js';
import { isRecord } from '@loadout/core/utils';

/** Largest magnitude of any number in a stored model: trained weights stay far below it, and 1e308 overflows every score. */
export const MAX_MODEL_NUMBER = 1e6;

/** The first number in `value` (at any depth) that is not finite or exceeds {@link MAX_MODEL_NUMBER}, as a path; undefined when all are in range. */
function outOfRange(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= MAX_MODEL_NUMBER ? undefined : path;
  if (depth > 4 || typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = outOfRange(item, Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Reads a decision from `learned.json`'s text: `enabled` a boolean,
 * `usageWeight` in 0–100, `usagePriorWeight` (default 0) in 0–10, every
 * number of `model` finite and within ±{@link MAX_MODEL_NUMBER}, else
 * `unreadable` with the reason (never the file's contents). Pure.
 */
export function parseLearnedDecision(text: string): LearnedDecisionRead {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'unreadable', reason: 'not JSON' };
  }
  if (!isRecord(value)) return { kind: 'unreadable', reason: 'not a JSON object' };
  const { enabled, usageWeight, model } = value;
  const usagePriorWeight = value['usagePriorWeight'] ?? 0;
  if (typeof enabled !== 'boolean') return { kind: 'unreadable', reason: '"enabled" is not true or false' };
  if (typeof usageWeight !== 'number' || !(usageWeight >= 0 && usageWeight <= 100)) return { kind: 'unreadable', reason: '"usageWeight" is not a number in 0–100' };
  if (typeof usagePriorWeight !== 'number' || !(usagePriorWeight >= 0 && usagePriorWeight <= 10)) return { kind: 'unreadable', reason: '"usagePriorWeight" is not a number in 0–10' };
  const wild = outOfRange(model, 'model');
  if (wild !== undefined) return { kind: 'unreadable', reason: `${wild} is not a finite number within ±${MAX_MODEL_NUMBER}` };
  const decision: LearnedDecision = {
    enabled,
    usageWeight,
    usagePriorWeight,
    ...(typeof value['ranker'] === 'string' ? { ranker: value['ranker'] } : {}),
    ...(typeof value['decidedAt'] === 'string' ? { decidedAt: value['decidedAt'] } : {}),
    ...(value['report'] === undefined ? {} : { report: value['report'] }),
    ...(model === undefined ? {} : { model }),
  };
  return { kind: 'decided', decision };
}

/** `learned.json`'s text for a decision (pretty JSON, one trailing newline). Pure. */
export function formatLearnedDecision(decision: LearnedDecision): string {
  return `${JSON.stringify(decision, null, 2)}\n`;
}
