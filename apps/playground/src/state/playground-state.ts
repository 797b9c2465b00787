import type { Provider } from '@loadout/core';
import { DEFAULT_RANKER } from '../search/ranker-choices.js';

/**
 * Which catalog is loaded: the embedded demo, the 10,000-tool demo catalog
 * (the demo plus hundreds of synthesized services), a pasted JSON, or a
 * dropped or chosen file.
 */
export type CatalogChoice = 'demo' | 'large' | 'pasted' | 'file';

/** The policy inputs as the form holds them: strings as typed, empty meaning unset. */
export interface PolicyState {
  /** `ENABLE_TOOL_SEARCH`: empty (unset), `true`, `false`, `auto` or `auto:N`. */
  enableToolSearch: string;
  /** Model id in any provider's form. Default `claude-sonnet-4-5`. */
  model: string;
  /** Default `anthropic`. */
  provider: Provider;
  /** `MAJOR.MINOR.PATCH`; empty means the newest. */
  sdkVersion: string;
  /** `ANTHROPIC_BASE_URL`; empty means unset (first-party). */
  baseUrl: string;
  /** `CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS`; empty means unset. */
  disableBetas: string;
  /** The session carries a HIPAA configuration. Default false. */
  hipaa: boolean;
  /** Context window in tokens as typed; empty means the model's own. */
  contextWindow: string;
  /** Managed setting `keepToolSearchOn`. Default false. */
  keepToolSearchOn: boolean;
  /** The conversation already activated tool search (`auto` stays on). Default false. */
  toolSearchActivated: boolean;
}

/** One declarative rule of the mods editor. */
export interface ModRuleState {
  /** Exact server name; empty matches every server (and built-ins). */
  server: string;
  /** Glob over the tool's own name (`*`, `?`); empty matches every tool. */
  tool: string;
  /** `defer` sends matching tools deferred, `pin` loads them upfront. */
  action: 'defer' | 'pin';
}

/** Everything the page shares through its URL. */
export interface PlaygroundState {
  catalog: CatalogChoice;
  /** The pasted catalog text, when it is small enough to share; else empty. */
  pasted: string;
  /** The name of the dropped or chosen file (its contents are never shared). */
  fileName: string;
  ranker: string;
  query: string;
  policy: PolicyState;
  mods: ModRuleState[];
}

/** The policy inputs of a fresh page. */
export function defaultPolicyState(): PolicyState {
  return {
    enableToolSearch: '',
    model: 'claude-sonnet-4-5',
    provider: 'anthropic',
    sdkVersion: '',
    baseUrl: '',
    disableBetas: '',
    hipaa: false,
    contextWindow: '',
    keepToolSearchOn: false,
    toolSearchActivated: false,
  };
}

/** The state of a fresh page: the demo catalog, BM25F, no query, default policy, no mods. */
export function defaultPlaygroundState(): PlaygroundState {
  return { catalog: 'demo', pasted: '', fileName: '', ranker: DEFAULT_RANKER, query: '', policy: defaultPolicyState(), mods: [] };
}
