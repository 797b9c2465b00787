import { showBound } from '../utils/number-option.js';

/** A definition over this share of the context window warns `tool-too-large`: loading it crowds out the conversation. */
export const LARGE_TOOL_SHARE = 0.1;

/** Tools named one by one before the rest are counted in one line. */
const MAX_NAMED = 5;

/** A `tool-too-large` warning of {@link largeToolWarnings}. */
export interface LargeToolWarning {
  readonly code: 'tool-too-large';
  readonly message: string;
}

/**
 * Warnings for planned tools whose definitions count more than
 * {@link LARGE_TOOL_SHARE} of `contextWindow` tokens (20,000 of 200,000):
 * upfront or found by a search, such a tool fills the context when it
 * loads. The first five are named, largest first; the rest in one more
 * warning. Not part of the policy's decision (its warnings are the
 * contract's); `loadout plan` and the gateway say them. `catalogTools`
 * (default none): the tools before mods; a tool whose planned description
 * is longer than its own there is said to be lengthened by a mod, and the
 * advice is to shorten what the mod writes.
 */
export function largeToolWarnings(
  tools: readonly { readonly displayName: string; readonly tokens: number; readonly description?: string }[],
  contextWindow: number,
  catalogTools: readonly { readonly displayName: string; readonly description: string }[] = [],
): LargeToolWarning[] {
  const limit = Math.floor(contextWindow * LARGE_TOOL_SHARE);
  const large = tools.filter((tool) => tool.tokens > limit).sort((a, b) => b.tokens - a.tokens);
  const own = large.length === 0 ? new Map<string, string>() : new Map(catalogTools.map((tool) => [tool.displayName, tool.description]));
  const warnings: LargeToolWarning[] = large.slice(0, MAX_NAMED).map(({ displayName, tokens, description }) => {
    const before = own.get(displayName);
    const lengthened = before !== undefined && description !== undefined && description.length > before.length;
    const advice = lengthened
      ? `a mod lengthened its description (from ${showBound(before.length)} to ${showBound(description.length)} characters): shorten what the mod writes`
      : 'shorten its description or input schema (a mod can replace the description)';
    return {
      code: 'tool-too-large',
      message: `${displayName}'s definition counts ${showBound(tokens)} tokens, over ${showBound(limit)} (${LARGE_TOOL_SHARE * 100}% of the ${showBound(contextWindow)}-token context window): loading it crowds out the conversation; ${advice}`,
    };
  });
  if (large.length > MAX_NAMED) warnings.push({ code: 'tool-too-large', message: `${large.length - MAX_NAMED} more tools' definitions count over ${showBound(limit)} tokens each` });
  return warnings;
}
