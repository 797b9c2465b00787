import type { ToolSearchMode } from './policy-types.js';

/** The `auto` percentage when `ENABLE_TOOL_SEARCH=auto` names none. */
export const DEFAULT_AUTO_PERCENT = 10;

/** The environment variable that chooses the tool-search mode. */
export const ENABLE_TOOL_SEARCH = 'ENABLE_TOOL_SEARCH';

/** How one `ENABLE_TOOL_SEARCH` value reads; see {@link parseToolSearchEnv}. */
export interface ToolSearchEnvValue {
  /** `unset` for an absent, empty or invalid value. */
  readonly mode: ToolSearchMode;
  /** The `auto` percentage, 0–100 (10 for plain `auto`); null unless mode is `auto`. */
  readonly thresholdPercent: number | null;
  /** The value as given (untrimmed), or null when absent. */
  readonly raw: string | null;
  /** False when a non-empty value was not recognised (it then reads as `unset`). */
  readonly valid: boolean;
}

const AUTO_PERCENT = /^auto:(\d+(?:\.\d+)?|\.\d+)$/;

/**
 * Reads `ENABLE_TOOL_SEARCH`, trimmed and case-insensitively: absent or empty
 * is `unset`; `true`, `false`, `auto` (10%) and `auto:N` with N a decimal
 * number from 0 to 100 are recognised. Anything else is invalid and reads as
 * `unset` with `valid: false`. Never throws.
 */
export function parseToolSearchEnv(value: unknown): ToolSearchEnvValue {
  if (typeof value !== 'string') return { mode: 'unset', thresholdPercent: null, raw: null, valid: true };
  const text = value.trim().toLowerCase();
  const read = (mode: ToolSearchMode, thresholdPercent: number | null = null): ToolSearchEnvValue => ({
    mode,
    thresholdPercent,
    raw: value,
    valid: true,
  });
  if (text === '') return read('unset');
  if (text === 'true' || text === 'false') return read(text);
  if (text === 'auto') return read('auto', DEFAULT_AUTO_PERCENT);
  const match = AUTO_PERCENT.exec(text);
  const percent = match === null ? Number.NaN : Number(match[1]);
  if (percent >= 0 && percent <= 100) return read('auto', percent);
  return { mode: 'unset', thresholdPercent: null, raw: value, valid: false };
}
