export type {
  ToolDescribeEvent,
  ToolDescribeResult,
  ToolDescribeNext,
  ToolDescribeHook,
  ModHookName,
  Mod,
  ModRule,
  DeclarativeMod,
  ModFailure,
  ToolResolver,
  ResolvedTool,
} from './mod.js';
export { MOD_HOOK_NAMES } from './mod.js';
export { validateMod } from './validate-mod.js';
export { modFromRules } from './mod-from-rules.js';
export { createModResolver } from './create-mod-resolver.js';
