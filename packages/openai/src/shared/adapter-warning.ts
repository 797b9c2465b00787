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

/** The key a deployment is remembered under: its base URL and model (`https://api.example/v1?model=gpt-5.4`). */
export function deploymentKey(baseURL: string, model: unknown): string {
  const base = baseURL.replace(/\/+$/, '');
  return typeof model === 'string' && model !== '' ? `${base}?model=${encodeURIComponent(model)}` : base;
}
