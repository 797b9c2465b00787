import type { ModelInfo } from './model-id.js';
import type { Provider } from './policy-types.js';

/** Whether tool search may run on a model; see {@link checkModelSupport}. */
export type ModelSupport =
  | { readonly supported: true }
  | { readonly supported: false; readonly reason: 'model-unsupported' | 'platform-model-unsupported' };

function olderThan(model: ModelInfo, major: number, minor: number): boolean {
  if (model.major === null) return false;
  return model.major < major || (model.major === major && (model.minor ?? 0) < minor);
}

/**
 * The SDK's deny list. Unsupported everywhere (`model-unsupported`): Claude
 * 1, 2, Instant and every 3.x model, and Haiku before 4.5. On
 * `agent-platform` additionally every model older than the 4.5 generation
 * (Opus 4, Opus 4.1, Sonnet 4) is `platform-model-unsupported`. The general
 * list is checked first, so a Claude 3 model on Agent Platform is
 * `model-unsupported`. Aliases and unrecognised ids are supported.
 */
export function checkModelSupport(model: ModelInfo, provider: Provider): ModelSupport {
  if (!model.recognized || model.major === null) return { supported: true };
  if (model.major < 4 || (model.family === 'haiku' && olderThan(model, 4, 5))) {
    return { supported: false, reason: 'model-unsupported' };
  }
  if (provider === 'agent-platform' && olderThan(model, 4, 5)) {
    return { supported: false, reason: 'platform-model-unsupported' };
  }
  return { supported: true };
}
