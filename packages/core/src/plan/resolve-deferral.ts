import type { Catalog } from '../catalog/catalog.js';
import type { CatalogTool } from '../catalog/tool.js';
import { createModResolver } from '../mods/create-mod-resolver.js';
import type { ResolvedTool, ToolDescribeEvent, ToolResolver } from '../mods/mod.js';
import type { PolicyWarning } from '../policy/policy-types.js';
import { showValue } from '../policy/show-value.js';
import { collectMods } from './collect-mods.js';
import { countToolTokens } from './count-tool-tokens.js';
import { defaultTokenCounter } from './default-token-counter.js';
import { isServerAlwaysLoad } from './deferral-reason.js';
import type { PlanOptions } from './plan-types.js';
import { readInputCatalog } from './read-input-catalog.js';
import type { CatalogSource } from './read-input-catalog.js';

/** One tool after mods, before tool search is known to be on or off. */
export interface ResolvedEntry {
  readonly tool: CatalogTool;
  readonly resolved: ResolvedTool;
  readonly tokens: number;
  /** Not core, and deferred after mods: counted by `auto`, deferred when tool search is on. */
  readonly deferrable: boolean;
}

/** Every tool of the input resolved by the mods and counted; see {@link resolveDeferral}. */
export interface ResolvedDeferral {
  readonly catalog: Catalog;
  readonly entries: readonly ResolvedEntry[];
  readonly deferrableTokens: number;
}

function baseEvent(tool: CatalogTool, serverAlwaysLoad: boolean): ToolDescribeEvent {
  return {
    tool,
    description: tool.description,
    isDeferred: tool.kind !== 'core' && !tool.alwaysLoad && !serverAlwaysLoad,
    provider: tool.server ?? (tool.kind === 'core' ? 'core' : 'builtin'),
  };
}

function reportMods(tool: CatalogTool, resolved: ResolvedTool, warnings: PolicyWarning[]): void {
  for (const failure of resolved.failures) {
    warnings.push({
      code: 'mod-failed',
      message: `mod ${showValue(failure.mod)} failed for tool ${showValue(tool.displayName)} and was skipped: ${failure.message}`,
    });
  }
  for (const mod of resolved.ignoredCore) {
    warnings.push({
      code: 'mod-ignored-core',
      message: `mod ${showValue(mod)} tried to move the core built-in ${showValue(tool.displayName)}; ignored`,
    });
  }
}

/**
 * The provider-neutral first half of planning: validates the catalog (bad
 * tools become warnings), resolves each tool's description and deferral
 * through the mods (declarative `mods` in order, then `options.mods`), and
 * counts each definition (a tool's own `tokens` wins). Pushes every warning onto `warnings`. Pure and synchronous.
 */
export function resolveDeferral(
  input: CatalogSource & { readonly mods?: unknown },
  options: PlanOptions,
  warnings: PolicyWarning[],
): ResolvedDeferral {
  const catalog = readInputCatalog(input, warnings, options.cache);
  const mods = collectMods(input.mods, options.mods, warnings);
  const resolver: ToolResolver | null = mods.length === 0 ? null : createModResolver(mods);
  const counter = options.tokenCounter ?? defaultTokenCounter();
  let deferrableTokens = 0;
  const entries: ResolvedEntry[] = new Array<ResolvedEntry>(catalog.tools.length);
  for (let index = 0; index < catalog.tools.length; index++) {
    const tool = catalog.tools[index] as CatalogTool;
    const base = baseEvent(tool, isServerAlwaysLoad(tool, catalog.servers));
    let resolved: ResolvedTool = { description: base.description, isDeferred: base.isDeferred, failures: [], ignoredCore: [] };
    if (resolver !== null) resolved = resolver.resolve(tool, base);
    reportMods(tool, resolved, warnings);
    const deferrable = tool.kind !== 'core' && resolved.isDeferred;
    const description = resolved.description;
    const count =
      options.cache === undefined
        ? countToolTokens(tool, description, counter)
        : options.cache.tokensFor(tool, description, counter.id, () => countToolTokens(tool, description, counter));
    if (!count.renderable) {
      warnings.push({
        code: 'invalid-tool',
        message: `tool ${showValue(tool.displayName)} has an input schema that cannot be serialised; counted without it`,
      });
    }
    if (deferrable) deferrableTokens += count.tokens;
    entries[index] = { tool, resolved, tokens: count.tokens, deferrable };
  }
  return { catalog, entries, deferrableTokens };
}
