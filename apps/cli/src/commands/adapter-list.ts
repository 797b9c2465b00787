import type { ToolSearchAdapterDefinition } from '@loadout/core/adapter';

/** One adapter of {@link ADAPTER_LIST}: its name, and its definition loaded on demand (plain `loadout plan` loads no adapter). */
export interface AdapterListEntry {
  readonly name: string;
  load(): Promise<ToolSearchAdapterDefinition>;
}

/**
 * Every Loadout adapter, in the order `loadout plan --adapter` lists them:
 * the one place outside the adapters' packages that names them (the CLI and
 * `tooling/adapter-parity` iterate it). Adding an adapter is a package
 * exporting a `ToolSearchAdapterDefinition` plus one line here (and its
 * dependency in this package's package.json).
 */
export const ADAPTER_LIST = [
  { name: 'anthropic', load: async () => (await import('@loadout/anthropic/adapter')).anthropicAdapter },
  { name: 'openai-responses', load: async () => (await import('@loadout/openai/adapter')).openaiResponsesAdapter },
  { name: 'openai-chat', load: async () => (await import('@loadout/openai/adapter')).openaiChatAdapter },
  { name: 'openai-chat-tool-reference', load: async () => (await import('@loadout/openai/adapter')).openaiChatToolReferenceAdapter },
  { name: 'ai-sdk', load: async () => (await import('@loadout/ai-sdk/adapter')).aiSdkAdapter },
  { name: 'google', load: async () => (await import('@loadout/google/adapter')).googleAdapter },
] as const satisfies readonly AdapterListEntry[];
