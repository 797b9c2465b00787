import type { CatalogIssue } from '../catalog/catalog.js';
import type { DeploymentMemory } from './deployment-memory.js';

/** `tool-search-rejected`: the deployment rejected tool search; the call was retried without it and the deployment remembered. */
export interface ToolSearchRejectedWarning {
  readonly code: 'tool-search-rejected';
  readonly message: string;
  /** The deployment key (normalised base URL with `?model=`). */
  readonly deployment: string;
  /** The API's error message. */
  readonly apiMessage: string;
}

/** `tool-skipped`: a catalog tool was left out when the tool search was created (its catalog issue: no name, a duplicate, a bad schema, the search tool's name). */
export interface ToolSkippedWarning {
  readonly code: 'tool-skipped';
  /** The issue's message. */
  readonly message: string;
  readonly issue: CatalogIssue;
}

/**
 * `tools-unloaded`: loaded tools were unloaded, least recently loaded or
 * used first, so that a request declares no more functions than the
 * provider accepts; a search loads them again.
 */
export interface ToolsUnloadedWarning {
  readonly code: 'tools-unloaded';
  readonly message: string;
  /** The API names unloaded. */
  readonly tools: readonly string[];
  /** Most functions one request may declare (the provider's documented limit, or the adapter's `maxFunctions`). */
  readonly maxFunctions: number;
}

/**
 * `tool-failed`: a tool handler threw (or rejected); the run went on and the
 * model read a `tool-failed` output (`sent`), by default with credentials
 * masked. `message` and `error` carry the error in full, unmasked: for your
 * logs, never for the model.
 */
export interface ToolFailedWarning {
  readonly code: 'tool-failed';
  /** Names the tool, the error's message in full and what the model was told. */
  readonly message: string;
  /** The API name of the tool called (the function's name). */
  readonly tool: string;
  readonly callId: string;
  /** What the handler threw (or rejected with), as it was. */
  readonly error: unknown;
  /** The output's `error` text the model read (`<name> failed: …`). */
  readonly sent: string;
}

/** A condition the caller should know about, told by `code`. */
export type ToolSearchWarning = ToolSearchRejectedWarning | ToolSkippedWarning | ToolsUnloadedWarning | ToolFailedWarning;

/** The warning for a rejection at `deployment`. */
export function rejectionWarning(deployment: string, apiMessage: string, retried: string): ToolSearchRejectedWarning {
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
): ToolSearchRejectedWarning {
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

/** The warning for each catalog issue (a tool left out). */
export function skippedToolWarnings(issues: readonly CatalogIssue[]): ToolSkippedWarning[] {
  return issues.map((issue) => ({ code: 'tool-skipped', message: issue.message, issue }));
}

/**
 * Unloads `tools` from `session` (a request or an answer had no room for
 * them within `maxFunctions`), and reports it: a `tools-unloaded` warning
 * pushed to `warnings` and passed to `onWarning`. Returns the tools the
 * session unloaded; nothing happens when `tools` is empty.
 */
export function reportUnloaded(
  session: { unload(tools: readonly string[]): { readonly unloaded: readonly string[] } },
  tools: readonly string[],
  maxFunctions: number,
  owner: string,
  warnings: ToolSearchWarning[],
  onWarning: ((warning: ToolSearchWarning) => void) | undefined,
): readonly string[] {
  if (tools.length === 0) return [];
  const warning: ToolsUnloadedWarning = {
    code: 'tools-unloaded',
    message: `${owner}: unloaded ${tools.length} loaded tool${tools.length === 1 ? '' : 's'} (${tools.join(', ')}) so that a request declares at most ${maxFunctions} functions; a search loads them again`,
    tools: [...tools],
    maxFunctions,
  };
  const { unloaded } = session.unload(tools);
  warnings.push(warning);
  onWarning?.(warning);
  return unloaded;
}
