import { createLoadoutError, isLoadoutError } from '@loadout/core';
import { NEXT_NOTE } from './start-fallback.js';

/**
 * `error` as a one-shot command (search) reports it: a plug-in ranker's
 * error without the sandbox's note on what the next call does ("it was
 * stopped, the next call starts it again"), a call that command never
 * makes. The same code and details; anything else is returned as it is.
 */
export function withoutNextCall(error: unknown): unknown {
  if (!isLoadoutError(error) || !NEXT_NOTE.test(error.message)) return error;
  return createLoadoutError(error.code, error.message.replace(NEXT_NOTE, ''), error.details);
}
