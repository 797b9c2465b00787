import type { DeploymentMemory } from './deployment-memory.js';

/** A condition the caller should know about: `tool-search-rejected`, the deployment rejected tool search; the call was retried without it and the deployment remembered. */
export interface ToolSearchWarning {
  readonly code: 'tool-search-rejected';
  readonly message: string;
  /** The deployment key (normalised base URL with `?model=`). */
  readonly deployment: string;
  /** The API's error message. */
  readonly apiMessage: string;
}

/** The warning for a rejection at `deployment`. */
export function rejectionWarning(deployment: string, apiMessage: string, retried: string): ToolSearchWarning {
  return {
    code: 'tool-search-rejected',
    message: `${deployment} rejected tool search (${apiMessage}); retried ${retried}, and later requests to it will skip tool search`,
    deployment,
    apiMessage,
  };
}

/**
 * Remembers that the deployment at `key` rejected tool search, and reports it:
 * the warning is appended to `warnings` and passed to `onWarning`. Returns it.
 */
export function reportRejection(
  memory: DeploymentMemory,
  key: string,
  apiMessage: string,
  retried: string,
  warnings: ToolSearchWarning[],
  onWarning: ((warning: ToolSearchWarning) => void) | undefined,
): ToolSearchWarning {
  const record = memory.remember(key, 'rejected', apiMessage);
  const warning = rejectionWarning(record.baseURL, apiMessage, retried);
  warnings.push(warning);
  onWarning?.(warning);
  return warning;
}

/** The key a deployment is remembered under: its base URL and model (`https://api.example/v1?model=gpt-5.4`). */
export function deploymentKey(baseURL: string, model: unknown): string {
  const base = baseURL.replace(/\/+$/, '');
  return typeof model === 'string' && model !== '' ? `${base}?model=${encodeURIComponent(model)}` : base;
}
