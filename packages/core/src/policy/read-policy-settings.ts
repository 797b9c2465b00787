import { isPlainObject } from '../catalog/is-plain-object.js';
import { classifyBaseUrl } from './base-url.js';
import { isEnvFlagSet } from './env-flag.js';
import { ENABLE_TOOL_SEARCH, parseToolSearchEnv } from './env-value.js';
import { parseModelId } from './model-id.js';
import type { PolicyInput, PolicyWarning, Provider } from './policy-types.js';
import { PROVIDERS } from './policy-types.js';
import type { PolicySettings } from './policy-settings.js';
import { parseSdkVersion } from './sdk-version.js';
import { showValue } from './show-value.js';

/** The variable that turns experimental betas (and with them tool search) off. */
export const DISABLE_EXPERIMENTAL_BETAS = 'CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS';
/** The variable that points the SDK at another host (an LLM gateway). */
export const ANTHROPIC_BASE_URL = 'ANTHROPIC_BASE_URL';

function readProvider(value: unknown, warnings: PolicyWarning[]): Provider {
  if (value === undefined || value === null) return 'anthropic';
  if ((PROVIDERS as readonly unknown[]).includes(value)) return value as Provider;
  warnings.push({
    code: 'invalid-provider',
    message: `provider ${showValue(value)} is not one of ${PROVIDERS.join(', ')}; read as anthropic`,
  });
  return 'anthropic';
}

function readContextWindow(value: unknown, fallback: number, warnings: PolicyWarning[]): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value === 'number' && value > 0 && value <= Number.MAX_SAFE_INTEGER) return value;
  warnings.push({
    code: 'invalid-context-window',
    message: `contextWindow ${showValue(value)} is not a positive number up to 2^53 - 1; using the model's ${fallback}`,
  });
  return fallback;
}

/**
 * Reads a {@link PolicyInput} into {@link PolicySettings}, collecting the
 * warnings about configuration mistakes (`invalid-env`, `unknown-model`,
 * `invalid-sdk-version`, `invalid-base-url`, `invalid-provider`,
 * `invalid-context-window`). Never throws, whatever the field values.
 */
export function readPolicySettings(input: PolicyInput): { settings: PolicySettings; warnings: PolicyWarning[] } {
  const warnings: PolicyWarning[] = [];
  const env: Readonly<Record<string, unknown>> = isPlainObject(input.env) ? input.env : {};
  const model = parseModelId(typeof input.model === 'string' ? input.model : '');
  if (!model.recognized) {
    warnings.push({
      code: 'unknown-model',
      message: `model ${showValue(input.model)} is not a recognised Claude model id; treated as supported`,
    });
  }
  const provider = readProvider(input.provider, warnings);
  const toolSearchEnv = parseToolSearchEnv(env[ENABLE_TOOL_SEARCH]);
  if (!toolSearchEnv.valid) {
    warnings.push({
      code: 'invalid-env',
      message: `${ENABLE_TOOL_SEARCH}=${showValue(toolSearchEnv.raw)} is not true, false, auto or auto:N (N from 0 to 100); read as unset`,
    });
  }
  const baseUrl = classifyBaseUrl(env[ANTHROPIC_BASE_URL]);
  if (!baseUrl.valid) {
    warnings.push({
      code: 'invalid-base-url',
      message: `${ANTHROPIC_BASE_URL}=${showValue(baseUrl.raw)} is not an http(s) URL with a host; treated as a gateway`,
    });
  }
  const sdkVersion = parseSdkVersion(input.sdkVersion);
  if (input.sdkVersion !== undefined && input.sdkVersion !== null && sdkVersion === null) {
    warnings.push({
      code: 'invalid-sdk-version',
      message: `sdkVersion ${showValue(input.sdkVersion)} is not MAJOR.MINOR.PATCH; using the newest behaviour`,
    });
  }
  const betas = env[DISABLE_EXPERIMENTAL_BETAS];
  const managed: Readonly<Record<string, unknown>> = isPlainObject(input.managedSettings) ? input.managedSettings : {};
  const conversation: Readonly<Record<string, unknown>> = isPlainObject(input.conversation) ? input.conversation : {};
  const settings: PolicySettings = {
    model,
    provider,
    hipaa: input.hipaa === true,
    toolSearchEnv,
    betasDisabled: isEnvFlagSet(betas) ? (betas as string) : null,
    baseUrl,
    sdkVersion,
    keepToolSearchOn: managed['keepToolSearchOn'] === true,
    contextWindow: readContextWindow(input.contextWindow, model.contextWindow, warnings),
    toolSearchActivated: conversation['toolSearchActivated'] === true,
  };
  return { settings, warnings };
}
