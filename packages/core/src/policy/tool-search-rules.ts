import { reachesAutoThreshold, autoThresholdTokens } from './auto-threshold.js';
import { DISABLE_EXPERIMENTAL_BETAS } from './read-policy-settings.js';
import { ENABLE_TOOL_SEARCH } from './env-value.js';
import { describeModel } from './model-id.js';
import { checkModelSupport } from './model-support.js';
import type { PolicySettings } from './policy-settings.js';
import type { PolicyWarning, ReasonCode } from './policy-types.js';
import {
  AGENT_PLATFORM_DEFAULT_ON_SDK_VERSION,
  GATEWAY_DEFAULT_ON_SDK_VERSION,
  MANAGED_OVERRIDE_SDK_VERSION,
  isSdkAtLeast,
} from './sdk-version.js';
import { showValue } from './show-value.js';

/** The outcome of {@link evaluateToolSearchRules}. */
export interface ToolSearchRuling {
  readonly toolSearch: 'on' | 'off';
  readonly reason: ReasonCode;
  /** The `auto` percentage; null unless the mode is `auto`. */
  readonly thresholdPercent: number | null;
  /** ceil(contextWindow × percent / 100); null unless the mode is `auto`. */
  readonly thresholdTokens: number | null;
  /** One line per rule consulted, in order. */
  readonly trace: readonly string[];
  /** Warnings raised by the rules themselves (`managed-override-ignored`). */
  readonly warnings: readonly PolicyWarning[];
}

function sdkLabel(settings: PolicySettings): string {
  return settings.sdkVersion === null ? 'SDK newest' : `SDK ${settings.sdkVersion.text}`;
}

function envLabel(settings: PolicySettings): string {
  const { raw, valid } = settings.toolSearchEnv;
  if (raw === null || raw.trim() === '') return `${ENABLE_TOOL_SEARCH} unset`;
  return valid ? `${ENABLE_TOOL_SEARCH}=${showValue(raw)}` : `${ENABLE_TOOL_SEARCH}=${showValue(raw)} (invalid, read as unset)`;
}

/**
 * Applies the rules of the behaviour spec §5.2, strongest first: HIPAA, a
 * provider that rejects tool search, unsupported models, disabled
 * experimental betas (and the managed override), `ENABLE_TOOL_SEARCH=false`,
 * the Agent Platform and gateway legacy defaults, then the variable itself
 * (with the `auto` threshold over `deferrableTokens`). Stops at the first
 * rule that decides; each consulted rule adds one trace line. Pure.
 */
export function evaluateToolSearchRules(settings: PolicySettings, deferrableTokens: number): ToolSearchRuling {
  const trace: string[] = [];
  const warnings: PolicyWarning[] = [];
  const { toolSearchEnv, provider } = settings;
  const auto = toolSearchEnv.mode === 'auto';
  const thresholdPercent = auto ? toolSearchEnv.thresholdPercent : null;
  const thresholdTokens = thresholdPercent === null ? null : autoThresholdTokens(settings.contextWindow, thresholdPercent);
  const decide = (toolSearch: 'on' | 'off', reason: ReasonCode, line: string): ToolSearchRuling => {
    trace.push(`${line} → ${toolSearch} (${reason})`);
    return { toolSearch, reason, thresholdPercent, thresholdTokens, trace, warnings };
  };
  const pass = (line: string): void => {
    trace.push(`${line} → continue`);
  };

  if (settings.hipaa) return decide('off', 'hipaa', 'hipaa: the session carries a HIPAA configuration');
  pass('hipaa: no HIPAA configuration');

  if (provider === 'foundry') return decide('off', 'provider-rejects', 'provider: foundry rejects tool search server-side');
  pass(`provider: ${provider} accepts tool search`);

  const model = settings.model;
  const modelLabel = `model: ${showValue(model.id)} is ${describeModel(model)}`;
  const support = checkModelSupport(model, provider);
  if (!support.supported) {
    return support.reason === 'model-unsupported'
      ? decide('off', 'model-unsupported', `${modelLabel}, on the unsupported list`)
      : decide('off', 'platform-model-unsupported', `${modelLabel}, older than the 4.5 generation agent-platform requires`);
  }
  pass(model.recognized ? `${modelLabel}, supported` : `${modelLabel}, treated as supported`);

  if (settings.betasDisabled === null) {
    pass(`betas: ${DISABLE_EXPERIMENTAL_BETAS} not set`);
  } else {
    const betas = `betas: ${DISABLE_EXPERIMENTAL_BETAS}=${showValue(settings.betasDisabled)}`;
    if (!settings.keepToolSearchOn) return decide('off', 'betas-disabled', `${betas}, no managed override`);
    const tooOld = !isSdkAtLeast(settings.sdkVersion, MANAGED_OVERRIDE_SDK_VERSION);
    if (tooOld || provider !== 'anthropic') {
      const why = tooOld
        ? `${sdkLabel(settings)} is before ${MANAGED_OVERRIDE_SDK_VERSION}`
        : `it has no effect on the cloud provider ${provider}`;
      warnings.push({
        code: 'managed-override-ignored',
        message: `managedSettings.keepToolSearchOn cannot keep tool search on despite ${DISABLE_EXPERIMENTAL_BETAS}: ${why}`,
      });
      return decide('off', 'betas-disabled', `${betas}, managed override ignored (${why})`);
    }
    pass(`${betas}, kept on by managedSettings.keepToolSearchOn (${sdkLabel(settings)}, provider anthropic)`);
  }

  if (toolSearchEnv.mode === 'false') return decide('off', 'env-false', `env-false: ${envLabel(settings)}`);
  pass(`env-false: ${envLabel(settings)}, not false`);

  const platformLine = 'agent-platform legacy default';
  if (provider !== 'agent-platform') {
    pass(`${platformLine}: provider is ${provider}, not agent-platform`);
  } else if (isSdkAtLeast(settings.sdkVersion, AGENT_PLATFORM_DEFAULT_ON_SDK_VERSION)) {
    pass(`${platformLine}: ${sdkLabel(settings)} is ${AGENT_PLATFORM_DEFAULT_ON_SDK_VERSION} or later`);
  } else if (toolSearchEnv.mode === 'unset') {
    return decide(
      'off',
      'platform-legacy-default-off',
      `${platformLine}: ${sdkLabel(settings)} is before ${AGENT_PLATFORM_DEFAULT_ON_SDK_VERSION} and ${envLabel(settings)}`,
    );
  } else {
    pass(`${platformLine}: ${sdkLabel(settings)} is before ${AGENT_PLATFORM_DEFAULT_ON_SDK_VERSION} but ${envLabel(settings)}`);
  }

  const gatewayLine = 'gateway legacy default';
  const { baseUrl } = settings;
  if (provider !== 'anthropic') {
    pass(`${gatewayLine}: provider is ${provider}, ANTHROPIC_BASE_URL not consulted`);
  } else if (baseUrl.kind !== 'gateway') {
    pass(`${gatewayLine}: ANTHROPIC_BASE_URL ${baseUrl.kind === 'unset' ? 'unset' : 'is the first-party API'}`);
  } else {
    const where = `ANTHROPIC_BASE_URL ${baseUrl.host === null ? 'unparsable' : `host ${baseUrl.host}`} is a gateway`;
    if (isSdkAtLeast(settings.sdkVersion, GATEWAY_DEFAULT_ON_SDK_VERSION)) {
      pass(`${gatewayLine}: ${where}, ${sdkLabel(settings)} is ${GATEWAY_DEFAULT_ON_SDK_VERSION} or later`);
    } else if (toolSearchEnv.mode === 'unset') {
      return decide(
        'off',
        'gateway-legacy-default-off',
        `${gatewayLine}: ${where}, ${sdkLabel(settings)} is before ${GATEWAY_DEFAULT_ON_SDK_VERSION} and ${envLabel(settings)}`,
      );
    } else {
      pass(`${gatewayLine}: ${where}, ${sdkLabel(settings)} is before ${GATEWAY_DEFAULT_ON_SDK_VERSION} but ${envLabel(settings)}`);
    }
  }

  if (toolSearchEnv.mode === 'unset') return decide('on', 'default-on', `mode: ${envLabel(settings)}`);
  if (toolSearchEnv.mode === 'true') return decide('on', 'env-true', `mode: ${envLabel(settings)}`);
  const percent = thresholdPercent ?? 0;
  const comparison = `${deferrableTokens} deferrable tokens`;
  const bound = `threshold ${thresholdTokens ?? 0} (${percent}% of ${settings.contextWindow})`;
  if (reachesAutoThreshold(deferrableTokens, settings.contextWindow, percent)) {
    return decide('on', 'auto-threshold-reached', `mode: ${envLabel(settings)}, ${comparison} reach the ${bound}`);
  }
  if (settings.toolSearchActivated) {
    return decide('on', 'auto-sticky', `mode: ${envLabel(settings)}, ${comparison} below the ${bound}, but already on in this conversation`);
  }
  return decide('off', 'auto-below-threshold', `mode: ${envLabel(settings)}, ${comparison} below the ${bound}`);
}
