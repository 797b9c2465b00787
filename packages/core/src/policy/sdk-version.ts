/** A parsed `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]` SDK version. */
export interface SdkVersion {
  readonly major: number;
  readonly minor: number;
  readonly patch: number;
  /** Pre-release identifiers (`beta.2` → `['beta', 2]`); empty for a release. */
  readonly prerelease: readonly (string | number)[];
  /** The version as given, trimmed. */
  readonly text: string;
}

/** From this version on, Agent Platform has tool search on by default. */
export const AGENT_PLATFORM_DEFAULT_ON_SDK_VERSION = '2.1.221';
/** From this version on, `managedSettings.keepToolSearchOn` can override `CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS`. */
export const MANAGED_OVERRIDE_SDK_VERSION = '2.1.227';
/** From this version on, tool search is on by default behind an LLM gateway. */
export const GATEWAY_DEFAULT_ON_SDK_VERSION = '2.1.304';

const SEMVER =
  /^v?(\d{1,15})\.(\d{1,15})\.(\d{1,15})(?:-([0-9a-z-]+(?:\.[0-9a-z-]+)*))?(?:\+[0-9a-z-]+(?:\.[0-9a-z-]+)*)?$/i;

/**
 * Parses a semantic version (an optional leading `v` is accepted, surrounding
 * whitespace ignored). Returns null for anything else. Never throws.
 */
export function parseSdkVersion(value: unknown): SdkVersion | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const match = SEMVER.exec(text);
  if (match === null) return null;
  const prerelease = match[4] === undefined ? [] : match[4].split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));
  return { major: Number(match[1]), minor: Number(match[2]), patch: Number(match[3]), prerelease, text };
}

function compareIdentifiers(left: string | number, right: string | number): number {
  if (typeof left === 'number' && typeof right === 'number') return Math.sign(left - right);
  if (typeof left === 'number') return -1;
  if (typeof right === 'number') return 1;
  return left < right ? -1 : left > right ? 1 : 0;
}

/** Semantic-version precedence: negative, 0 or positive as `left` is older than, equal to or newer than `right`. */
export function compareSdkVersions(left: SdkVersion, right: SdkVersion): number {
  const core = Math.sign(left.major - right.major) || Math.sign(left.minor - right.minor) || Math.sign(left.patch - right.patch);
  if (core !== 0) return core;
  if (left.prerelease.length === 0 || right.prerelease.length === 0) {
    return Math.sign(right.prerelease.length - left.prerelease.length);
  }
  const shared = Math.min(left.prerelease.length, right.prerelease.length);
  for (let index = 0; index < shared; index++) {
    const order = compareIdentifiers(left.prerelease[index] as string | number, right.prerelease[index] as string | number);
    if (order !== 0) return order;
  }
  return Math.sign(left.prerelease.length - right.prerelease.length);
}

/** True when `version` is `minimum` or newer; an absent version (null) is the newest. */
export function isSdkAtLeast(version: SdkVersion | null, minimum: string): boolean {
  if (version === null) return true;
  const bound = parseSdkVersion(minimum);
  return bound === null || compareSdkVersions(version, bound) >= 0;
}
