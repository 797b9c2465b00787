import type { BaseUrlInfo } from './base-url.js';
import type { ToolSearchEnvValue } from './env-value.js';
import type { ModelInfo } from './model-id.js';
import type { Provider } from './policy-types.js';
import type { SdkVersion } from './sdk-version.js';

/** A {@link PolicyInput} read and normalized: what the rules of the decision consult. */
export interface PolicySettings {
  readonly model: ModelInfo;
  /** `anthropic` when absent or unknown. */
  readonly provider: Provider;
  readonly hipaa: boolean;
  readonly toolSearchEnv: ToolSearchEnvValue;
  /** The value of `CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS` when it is set (truthy), else null. */
  readonly betasDisabled: string | null;
  readonly baseUrl: BaseUrlInfo;
  /** Null means the newest SDK (absent or unparsable). */
  readonly sdkVersion: SdkVersion | null;
  readonly keepToolSearchOn: boolean;
  /** A positive number up to 2^53 − 1: the input's, or the model's own. */
  readonly contextWindow: number;
  readonly toolSearchActivated: boolean;
}
