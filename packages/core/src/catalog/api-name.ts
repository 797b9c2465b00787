import { fnv1a32 } from '../utils/fnv1a.js';

/** A 7-character base-36 rendering of the 32-bit FNV-1a of `text`. */
const hashSuffix = (text: string): string => fnv1a32(text).toString(36).padStart(7, '0');

/** The names the Messages API accepts for a tool. */
export const API_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

const API_NAME_MAX_LENGTH = 64;
const HASH_SUFFIX_LENGTH = 8; // '_' + 7 base-36 characters
const unsafeRun = /[^a-zA-Z0-9_-]+/g;

function isSafeCode(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 45
  );
}

/** True when `name` matches {@link API_NAME_PATTERN}; a loop, faster than the regex on hot paths. */
export function isApiNameSafe(name: string): boolean {
  const length = name.length;
  if (length === 0 || length > API_NAME_MAX_LENGTH) return false;
  for (let index = 0; index < length; index++) if (!isSafeCode(name.charCodeAt(index))) return false;
  return true;
}

function withHash(displayName: string, hashInput: string): string {
  const base = displayName
    .replace(unsafeRun, '_')
    .slice(0, API_NAME_MAX_LENGTH - HASH_SUFFIX_LENGTH)
    .replace(/_+$/, '');
  return `${base.length > 0 ? base : 'tool'}_${hashSuffix(hashInput)}`;
}

/**
 * The preferred Messages-API-safe name for a display name: the name itself
 * when it already matches {@link API_NAME_PATTERN}; otherwise each run of
 * unsafe characters becomes `_`, the result is cut to 56 characters (and
 * trailing `_` dropped; `tool` if nothing is left) and `_<hash>` (FNV-1a of
 * the display name, 7 base-36 characters) is appended,
 * so the result depends only on the display name.
 */
export function toApiName(displayName: string): string {
  return isApiNameSafe(displayName) ? displayName : withHash(displayName, displayName);
}

/**
 * Assigns a unique API name to every display name (which must be unique).
 * Names that are already safe always keep themselves. Derived names that
 * collide (with a safe name or with each other) are re-derived, in sorted
 * order of their display names, with a salted hash, so the outcome depends on
 * the set of names and not on their order. Returns API names parallel to the input.
 */
export function assignApiNames(displayNames: readonly string[]): string[] {
  const count = displayNames.length;
  const result = new Array<string>(count);
  const taken = new Set<string>();
  const derived: number[] = [];
  for (let index = 0; index < count; index++) {
    const displayName = displayNames[index]!;
    if (isApiNameSafe(displayName)) {
      result[index] = displayName;
      taken.add(displayName);
    } else {
      derived.push(index);
    }
  }
  const claims = new Map<string, number>();
  for (const index of derived) {
    const displayName = displayNames[index]!;
    const candidate = withHash(displayName, displayName);
    result[index] = candidate;
    claims.set(candidate, (claims.get(candidate) ?? 0) + 1);
  }
  const conflicted = derived.filter((index) => {
    const candidate = result[index]!;
    return taken.has(candidate) || claims.get(candidate)! > 1;
  });
  if (conflicted.length === 0) return result;
  for (const candidate of claims.keys()) taken.add(candidate);
  conflicted.sort((a, b) => compareCodeUnits(displayNames[a]!, displayNames[b]!));
  for (const index of conflicted) {
    const displayName = displayNames[index]!;
    let salt = 1;
    let name = withHash(displayName, `${displayName}\u0000${salt}`);
    while (taken.has(name)) {
      salt++;
      name = withHash(displayName, `${displayName}\u0000${salt}`);
    }
    taken.add(name);
    result[index] = name;
  }
  return result;
}

function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
