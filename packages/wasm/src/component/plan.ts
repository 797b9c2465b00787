import { createCachedTokenCounter, createLoadoutError, parsePolicyInput, planToolLoading, toToolInput } from '@loadout/core';
import type { TokenCounter } from '@loadout/core';
import { defaultTokenCounter } from '@loadout/tokens';
import { parseInputJson } from './decide.js';
import { withinMemory } from './out-of-memory.js';
import { readCatalog } from './read-catalog.js';

/** The model `loadout plan` assumes when none is given. */
const DEFAULT_PLAN_MODEL = 'claude-sonnet-4-5';

let counter: TokenCounter | undefined;

/** The counter `loadout plan` uses: `@loadout/tokens`' tiktoken (`cl100k_base`) behind a content cache. */
function planTokenCounter(): TokenCounter {
  counter ??= createCachedTokenCounter(defaultTokenCounter());
  return counter;
}

/** Builds the tokenizer's rank table now rather than on the first {@link plan} (the component does it while it is snapshotted). */
export function preparePlanTokenCounter(): void {
  planTokenCounter().count('');
}

/**
 * `loadout plan --json --clean-env` on a catalog, with the CLI's token
 * counter (tiktoken `cl100k_base` from `@loadout/tokens`, not core's
 * approximation), so the figures are the CLI's to the token: `input` holds the policy
 * input's other fields (`model`, `provider`, `env`, `sdkVersion`,
 * `contextWindow`, `hipaa`, `mods`); the catalog gives `tools` and `servers`.
 */
export function plan(catalogText: string, source: string, inputText: string): string {
  const settings = inputText.trim() === '' ? {} : parseInputJson(inputText, 'plan input');
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings)) {
    throw createLoadoutError('invalid-input', 'invalid plan input: expected a JSON object of policy fields (model, env, ...)');
  }
  return withinMemory(catalogText, source, () => {
    const { catalog, servers, issues } = readCatalog(catalogText, source);
    const fields = settings as Record<string, unknown>;
    const model = fields['model'] ?? DEFAULT_PLAN_MODEL;
    const input = parsePolicyInput({ env: {}, hipaa: false, ...fields, model, tools: catalog.tools.map(toToolInput), servers });
    return JSON.stringify({ source, model, issues, ...planToolLoading(input, { tokenCounter: planTokenCounter() }) }, null, 2);
  });
}
