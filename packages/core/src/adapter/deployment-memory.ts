/** Why a deployment is remembered as one without tool search. */
export type DeploymentReason = 'rejected' | 'provider-rejects';

/** One deployment known to run without tool search. */
export interface DeploymentRecord {
  /** The normalised base URL (see {@link normalizeBaseURL}). */
  readonly baseURL: string;
  /** `rejected`: it answered a tool-search request with a 400; `provider-rejects`: a Foundry deployment. */
  readonly reason: DeploymentReason;
  /** The API's message when it was rejected. */
  readonly message?: string;
}

/**
 * Deployments (base URLs) known to run without tool search, so later
 * requests load every tool upfront straight away. In memory; share one
 * between clients, or seed it from storage with `records`.
 */
export interface DeploymentMemory {
  /** Whether requests to `baseURL` must go without tool search. */
  has(baseURL: string): boolean;
  get(baseURL: string): DeploymentRecord | undefined;
  /** Remembers `baseURL` (normalised); a later call replaces the record. */
  remember(baseURL: string, reason: DeploymentReason, message?: string): DeploymentRecord;
  /** Forgets `baseURL`, e.g. after the gateway was upgraded; true when it was remembered. */
  forget(baseURL: string): boolean;
  /** Every record, oldest first (JSON-safe). */
  records(): DeploymentRecord[];
}

/** Options of {@link createDeploymentMemory}. */
export interface DeploymentMemoryOptions {
  /** Records to start from, e.g. from {@link DeploymentMemory.records} saved by an earlier run. Default: none. */
  readonly records?: readonly DeploymentRecord[];
}

/** The WHATWG URL class, a global of every runtime core supports (core's types include no DOM or Node globals). */
declare const URL: new (input: string) => { readonly protocol: string; readonly host: string; readonly pathname: string; readonly search: string };

/**
 * The key a base URL is remembered under: scheme and host lower-cased,
 * default ports and trailing slashes dropped, path kept
 * (`https://GW.example/v1/` → `https://gw.example/v1`). A string that is not
 * a URL is only trimmed.
 */
export function normalizeBaseURL(baseURL: string): string {
  const trimmed = baseURL.trim();
  try {
    const url = new URL(trimmed);
    const path = url.pathname.replace(/\/+$/, '');
    return `${url.protocol}//${url.host}${path}${url.search}`;
  } catch {
    return trimmed.replace(/\/+$/, '');
  }
}

/** Creates an in-memory {@link DeploymentMemory}. */
export function createDeploymentMemory(options: DeploymentMemoryOptions = {}): DeploymentMemory {
  const records = new Map<string, DeploymentRecord>();
  const remember = (baseURL: string, reason: DeploymentReason, message?: string): DeploymentRecord => {
    const key = normalizeBaseURL(baseURL);
    const record: DeploymentRecord = message === undefined ? { baseURL: key, reason } : { baseURL: key, reason, message };
    records.delete(key);
    records.set(key, record);
    return record;
  };
  for (const record of options.records ?? []) remember(record.baseURL, record.reason, record.message);
  return {
    has: (baseURL) => records.has(normalizeBaseURL(baseURL)),
    get: (baseURL) => records.get(normalizeBaseURL(baseURL)),
    remember,
    forget: (baseURL) => records.delete(normalizeBaseURL(baseURL)),
    records: () => [...records.values()],
  };
}
