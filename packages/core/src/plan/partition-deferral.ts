import type { ServerSettings } from '../catalog/catalog.js';
import { deferralReason } from './deferral-reason.js';
import type { PlannedTool } from './plan-types.js';
import type { ResolvedEntry } from './resolve-deferral.js';

/** Where every tool goes once tool search is known to be on or off. */
export interface DeferralPartition {
  readonly tools: readonly PlannedTool[];
  readonly upfront: readonly string[];
  readonly deferred: readonly string[];
  readonly upfrontTokens: number;
  readonly deferredTokens: number;
}

/** The second half of planning: with tool search on, deferrable tools are deferred; off, every tool is upfront. */
export function partitionDeferral(
  entries: readonly ResolvedEntry[],
  servers: Readonly<Record<string, ServerSettings>>,
  toolSearchOn: boolean,
): DeferralPartition {
  const tools: PlannedTool[] = new Array<PlannedTool>(entries.length);
  const upfront: string[] = [];
  const deferred: string[] = [];
  let upfrontTokens = 0;
  let deferredTokens = 0;
  for (let index = 0; index < entries.length; index++) {
    const { tool, resolved, tokens, deferrable } = entries[index] as ResolvedEntry;
    const isDeferred = toolSearchOn && deferrable;
    const why = deferralReason(tool, servers, resolved, toolSearchOn);
    tools[index] = {
      displayName: tool.displayName,
      apiName: tool.apiName,
      name: tool.name,
      server: tool.server,
      kind: tool.kind,
      description: resolved.description,
      tokens,
      deferred: isDeferred,
      deferrable,
      why,
      ...(why === 'mod' && resolved.decidedBy !== undefined ? { decidedBy: resolved.decidedBy } : {}),
    };
    if (isDeferred) {
      deferred.push(tool.displayName);
      deferredTokens += tokens;
    } else {
      upfront.push(tool.displayName);
      upfrontTokens += tokens;
    }
  }
  return { tools, upfront, deferred, upfrontTokens, deferredTokens };
}
