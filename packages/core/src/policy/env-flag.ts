const FALSY = new Set(['0', 'false', 'no', 'off']);

/**
 * Whether an environment flag such as `CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS`
 * is set: a string that, trimmed, is non-empty and not `0`, `false`, `no` or
 * `off` (case-insensitive). Anything that is not a string is unset.
 */
export function isEnvFlagSet(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const text = value.trim().toLowerCase();
  return text !== '' && !FALSY.has(text);
}
