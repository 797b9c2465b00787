import { createLoadoutError } from '@loadout/core';

/** Environment variables the policy reads; `plan` inherits these from the shell. */
export const POLICY_ENV_KEYS = [
  'ENABLE_TOOL_SEARCH',
  'CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS',
  'ANTHROPIC_BASE_URL',
] as const;

/** Parses repeated `--env KEY=VALUE` flags; a malformed one is an `invalid-option` error naming it. */
export function parseEnvAssignments(assignments: readonly string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const assignment of assignments) {
    const equals = assignment.indexOf('=');
    const key = equals > 0 ? assignment.slice(0, equals) : '';
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) {
      throw createLoadoutError('invalid-option', `--env expects KEY=VALUE, got ${JSON.stringify(assignment)}`, {
        flag: 'env',
        value: assignment,
      });
    }
    env[key] = assignment.slice(equals + 1);
  }
  return env;
}

/** The policy variables present in an environment. */
export function inheritedPolicyEnv(env: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const inherited: Record<string, string> = {};
  for (const key of POLICY_ENV_KEYS) {
    const value = env[key];
    if (value !== undefined) inherited[key] = value;
  }
  return inherited;
}
