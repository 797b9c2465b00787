import type { ToolInput } from '../../catalog/tool.js';
import type { PolicyInput } from '../policy-types.js';

/** A supported first-party model. */
export const SONNET_4_5 = 'claude-sonnet-4-5-20250929';

/** Core built-ins: always upfront, never counted, whatever their size. */
export const CORE_TOOLS: readonly ToolInput[] = [
  { name: 'Bash', kind: 'core', tokens: 900 },
  { name: 'Read', kind: 'core', tokens: 700 },
];

/** Deferrable MCP tools with known token counts, `total` tokens in all (split 3:1). */
export function deferrableTools(total: number, server = 'github'): ToolInput[] {
  const first = Math.floor((total * 3) / 4);
  return [
    { name: 'list_issues', server, tokens: first },
    { name: 'create_issue', server, tokens: total - first },
  ];
}

/** A policy input with core tools and `deferrable` deferrable tokens; `overrides` replace fields. */
export function policyInput(overrides: Partial<PolicyInput> = {}, deferrable = 1_000): PolicyInput {
  return { model: SONNET_4_5, tools: [...CORE_TOOLS, ...deferrableTools(deferrable)], ...overrides };
}
