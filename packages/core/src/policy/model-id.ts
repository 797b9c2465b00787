/** A Claude model family; `other` covers Claude 1, 2 and Instant and every unrecognised id. */
export type ModelFamily = 'opus' | 'sonnet' | 'haiku' | 'other';

/** Context window of Claude models without the `[1m]` suffix. */
export const DEFAULT_CONTEXT_WINDOW = 200_000;

/** Context window of a model id ending in `[1m]`. */
export const ONE_MILLION_CONTEXT_WINDOW = 1_000_000;

/** What a model id says about the model; see {@link parseModelId}. */
export interface ModelInfo {
  /** The id as given. */
  readonly id: string;
  /** True when the id is a known Claude form or an alias; false ids are treated as supported. */
  readonly recognized: boolean;
  /** True for the aliases `opus`, `sonnet`, `haiku`: the newest model of that family. */
  readonly alias: boolean;
  readonly family: ModelFamily;
  /** Generation (`4` in Sonnet 4.5, `3` in Claude 3.7 Sonnet); null for aliases and unrecognised ids. */
  readonly major: number | null;
  /** Point release (`5` in Sonnet 4.5; 0 when the id has none); null when `major` is. */
  readonly minor: number | null;
  /** The id ends in `[1m]`: a 1,000,000-token context window. */
  readonly oneMillion: boolean;
  /** The model's own context window: 1,000,000 with `[1m]`, else 200,000. */
  readonly contextWindow: number;
}

const ONE_MILLION_SUFFIX = /\[1m\]$/i;
const ALIASES: ReadonlySet<string> = new Set(['opus', 'sonnet', 'haiku']);
const CLAUDE_START = /(?:^|[^a-z0-9])(claude-[a-z0-9.:@_-]*)/;
const FAMILY_FIRST = /^claude-(opus|sonnet|haiku)-(\d{1,3})(?:[-.](\d{1,2}))?(?![0-9])/;
const VERSION_FIRST = /^claude-(\d{1,3})(?:[-.](\d{1,2}))?-(opus|sonnet|haiku)(?![a-z0-9])/;
const INSTANT = /^claude-instant(?:-v?(\d{1,3})(?:[.:](\d{1,2}))?)?(?![a-z0-9])/;
const NUMBERED = /^claude-v?(\d{1,3})(?:[.:](\d{1,2}))?(?![0-9])/;

function toFamily(text: string): ModelFamily {
  return text === 'opus' || text === 'sonnet' || text === 'haiku' ? text : 'other';
}

function readVersion(core: string): { family: ModelFamily; major: number; minor: number } | null {
  let match = FAMILY_FIRST.exec(core);
  if (match !== null) return { family: toFamily(match[1] ?? ''), major: Number(match[2]), minor: Number(match[3] ?? 0) };
  match = VERSION_FIRST.exec(core);
  if (match !== null) return { family: toFamily(match[3] ?? ''), major: Number(match[1]), minor: Number(match[2] ?? 0) };
  match = INSTANT.exec(core);
  if (match !== null) return { family: 'other', major: Number(match[1] ?? 1), minor: Number(match[2] ?? 0) };
  match = NUMBERED.exec(core);
  if (match !== null) return { family: 'other', major: Number(match[1]), minor: Number(match[2] ?? 0) };
  return null;
}

/**
 * Reads a model id in any provider's form: first-party
 * (`claude-sonnet-4-5-20250929`, `claude-3-7-sonnet-20250219`, `claude-2.1`,
 * `claude-instant-1.2`), Agent Platform (`claude-opus-4-5@20251101`), Bedrock
 * (`us.anthropic.claude-3-7-sonnet-20250219-v1:0`, `anthropic.claude-v2:1`,
 * or an ARN ending in such an id), gateway paths (`anthropic/claude-sonnet-4.5`),
 * and the aliases `opus`, `sonnet`, `haiku`. Case-insensitive; surrounding
 * whitespace is ignored. A trailing `[1m]` selects the 1,000,000-token window.
 * Never throws: an id it cannot read comes back with `recognized: false`.
 */
export function parseModelId(id: string): ModelInfo {
  const text = typeof id === 'string' ? id.trim() : '';
  const oneMillion = ONE_MILLION_SUFFIX.test(text);
  const bare = (oneMillion ? text.slice(0, -4) : text).trim().toLowerCase();
  const base = {
    id,
    oneMillion,
    contextWindow: oneMillion ? ONE_MILLION_CONTEXT_WINDOW : DEFAULT_CONTEXT_WINDOW,
  };
  if (ALIASES.has(bare)) {
    return { ...base, recognized: true, alias: true, family: toFamily(bare), major: null, minor: null };
  }
  const core = CLAUDE_START.exec(bare)?.[1];
  const version = core === undefined ? null : readVersion(core);
  if (version === null) {
    return { ...base, recognized: false, alias: false, family: 'other', major: null, minor: null };
  }
  return { ...base, recognized: true, alias: false, ...version };
}

/** A short human name for traces: `Sonnet 4.5`, `Claude 2.1`, `the newest Opus`, or the id quoted. */
export function describeModel(model: ModelInfo): string {
  if (model.alias) return `the newest ${capitalize(model.family)}`;
  if (!model.recognized || model.major === null) return 'an unrecognised model';
  const version = `${model.major}.${model.minor ?? 0}`;
  if (model.family === 'other') return `Claude ${version}`;
  return model.major < 4 ? `Claude ${version} ${capitalize(model.family)}` : `${capitalize(model.family)} ${version}`;
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
