export type {
  Mod,
  ModFailure,
  ModHookName,
  ModRule,
  ResolvedTool,
  ToolDescribeEvent,
  ToolDescribeHook,
  ToolDescribeNext,
  ToolDescribeResult,
  ToolResolver,
} from '@loadout/core';
export { MOD_HOOK_NAMES } from '@loadout/core';
export type { ModHost, ModHostOptions, ModHostStats } from './mod-host.js';
export { createModHost } from './create-mod-host.js';
export { definePlugin } from './define-plugin.js';
export { rules } from './rules.js';
export * from './plugins/index.js';
