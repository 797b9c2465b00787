import type { MessageParam, ToolDefinition } from '../api-types.js';
import { conversationDiscoveries } from '../message-discoveries.js';

/**
 * A rule of the Messages API that a request breaks:
 * - `duplicate-tool`: two tools share a name;
 * - `all-deferred`: every tool is deferred (the API answers 400);
 * - `deferred-cache-control`: a deferred tool has `cache_control` (400);
 * - `unknown-reference`: a `tool_reference` names a tool the request does not define (400).
 */
export type ToolSearchProblemCode = 'duplicate-tool' | 'all-deferred' | 'deferred-cache-control' | 'unknown-reference';

/** One broken rule, with the tool it concerns. */
export interface ToolSearchProblem {
  readonly code: ToolSearchProblemCode;
  readonly message: string;
  readonly toolName?: string;
}

/** What {@link checkToolSearchRequest} reads: a request's `tools` and, optionally, its `messages`. */
export interface ToolSearchRequestParts {
  readonly tools: readonly ToolDefinition[];
  readonly messages?: readonly MessageParam[];
}

/**
 * The tool-search rules `request` breaks, before the API sees it; empty
 * when it keeps them all. The messages client runs it on every request.
 */
export function checkToolSearchRequest(request: ToolSearchRequestParts): ToolSearchProblem[] {
  const problems: ToolSearchProblem[] = [];
  const names = new Set<string>();
  let deferredCount = 0;
  for (const tool of request.tools) {
    const deferred = 'defer_loading' in tool && tool.defer_loading === true;
    if (deferred) deferredCount++;
    const name = 'name' in tool && typeof tool.name === 'string' ? tool.name : undefined;
    if (name !== undefined && names.has(name)) {
      problems.push({ code: 'duplicate-tool', message: `tool name "${name}" is defined more than once`, toolName: name });
    }
    if (name !== undefined) names.add(name);
    if (deferred && 'cache_control' in tool && tool.cache_control != null) {
      problems.push({ code: 'deferred-cache-control', message: `deferred tool "${name ?? tool.type}" has cache_control`, ...(name === undefined ? {} : { toolName: name }) });
    }
  }
  if (deferredCount > 0 && deferredCount === request.tools.length) {
    problems.push({ code: 'all-deferred', message: `all ${deferredCount} tools are deferred; at least one must be loaded` });
  }
  const reported = new Set<string>();
  for (const { toolNames } of conversationDiscoveries(request.messages ?? [])) {
    for (const name of toolNames) {
      if (names.has(name) || reported.has(name)) continue;
      reported.add(name);
      problems.push({ code: 'unknown-reference', message: `tool_reference "${name}" names a tool the request does not define`, toolName: name });
    }
  }
  return problems;
}
