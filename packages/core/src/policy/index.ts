export type {
  Provider,
  PolicyInput,
  ReasonCode,
  WarningCode,
  PolicyWarning,
  ToolSearchMode,
  ToolSearchDecision,
} from './policy-types.js';
export { PROVIDERS } from './policy-types.js';
