import { createLoadoutError, describeValue } from '@loadout/core';
import { numberOption } from '@loadout/core/utils';

/**
 * How the Claude Agent SDK should use tool search (`ENABLE_TOOL_SEARCH`):
 * `auto` (`auto` or `auto:<percent>`), `true`, `false`, or `default` (the
 * variable removed, so the SDK's default applies).
 */
export type ToolSearchEnvMode = 'auto' | 'true' | 'false' | 'default';

/** Options of {@link toolSearchEnv}. */
export interface ToolSearchEnvOptions {
  readonly mode: ToolSearchEnvMode;
  /** With `auto` only: switch on when deferrable definitions reach this percentage of the context window. A number 0–100 (decimals allowed); default: the SDK's 10. */
  readonly percent?: number;
}

/** The environment variable {@link toolSearchEnv} sets. */
export const ENABLE_TOOL_SEARCH = 'ENABLE_TOOL_SEARCH';

function invalid(message: string, value: unknown): never {
  throw createLoadoutError('invalid-option', `toolSearchEnv: ${message}, got ${describeValue(value)}`, { value });
}

function value(options: ToolSearchEnvOptions): string | undefined {
  const { mode, percent } = options;
  if (!['auto', 'true', 'false', 'default'].includes(mode)) invalid('mode must be auto, true, false or default', mode);
  if (percent !== undefined) {
    if (mode !== 'auto') invalid(`percent applies to mode auto only, not ${mode}`, percent);
    return `auto:${numberOption('toolSearchEnv', 'percent', percent, 0, 0, 100)}`;
  }
  return mode === 'default' ? undefined : mode;
}

/**
 * The `env` option of the Agent SDK's `query()`: a copy of `baseEnv` with
 * `ENABLE_TOOL_SEARCH` set (or removed for `default`). In TypeScript,
 * `env` replaces the Claude Code process's environment instead of adding to
 * it, so the inherited variables (`PATH`, `HOME`, `ANTHROPIC_API_KEY`, …)
 * must be copied in; this does that. `baseEnv` is not changed. Throws
 * `invalid-option` for an unknown mode or a bad percent.
 *
 * @param baseEnv The environment to inherit. Default: `process.env`.
 */
export function toolSearchEnv(
  options: ToolSearchEnvOptions,
  baseEnv: Readonly<Record<string, string | undefined>> = process.env,
): Record<string, string | undefined> {
  if (typeof options !== 'object' || options === null) invalid('options must be an object', options);
  const setting = value(options);
  const env: Record<string, string | undefined> = { ...baseEnv };
  if (setting === undefined) delete env[ENABLE_TOOL_SEARCH];
  else env[ENABLE_TOOL_SEARCH] = setting;
  return env;
}
