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
