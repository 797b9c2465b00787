import { createLoadoutError, parsePolicyInput, planToolLoading, toToolInput } from '@loadout/core';
import { parseInputJson } from './decide.js';
import { readCatalog } from './read-catalog.js';

/** The model `loadout plan` assumes when none is given. */
const DEFAULT_PLAN_MODEL = 'claude-sonnet-4-5';

/**
 * `loadout plan --json --clean-env` on a catalog: `input` holds the policy
 * input's other fields (`model`, `provider`, `env`, `sdkVersion`,
 * `contextWindow`, `hipaa`, `mods`); the catalog gives `tools` and `servers`.
 */
export function plan(catalogText: string, source: string, inputText: string): string {
  const settings = inputText.trim() === '' ? {} : parseInputJson(inputText);
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
    throw createLoadoutError('invalid-input', 'invalid plan input: expected a JSON object of policy fields (model, env, ...)');
  }
  const { catalog, servers, issues } = readCatalog(catalogText, source);
  const fields = settings as Record<string, unknown>;
  const model = fields['model'] ?? DEFAULT_PLAN_MODEL;
  const input = parsePolicyInput({ env: {}, hipaa: false, ...fields, model, tools: catalog.tools.map(toToolInput), servers });
  return JSON.stringify({ source, model, issues, ...planToolLoading(input) }, null, 2);
}
