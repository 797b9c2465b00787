import { randomBytes } from 'node:crypto';

/** A decoded {@link encodeSearchId} token: one search's query and which tools it found. */
export interface SearchReceipt {
  /** The token itself: names this one search (two searches never share it). */
  readonly id: string;
  readonly query: string;
  /** How many tools the search found (distinct fingerprints, 1–100): the limit a check runs it again with. */
  readonly size: number;
  /** Whether the search found the tool of this display name. */
  found(displayName: string): boolean;
}

const PREFIX = 's2.';
/** Longest token read back (a 500-character query and 100 found tools fit). */
const MAX_TOKEN_LENGTH = 4096;
/** Most tools one search returns, so most fingerprints a token may carry. */
const MAX_FOUND = 100;
const TOKEN = /^s2\.([A-Za-z0-9_-]{1,32})\.([A-Za-z0-9_-]*)\.([0-9a-z]*)$/;

/** FNV-1a of `text`, 32 bits, as 7 base-36 characters: a short fingerprint of a tool name, not a secret. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36).padStart(7, '0');
}

/** 9 random bytes as 12 base64url characters. */
function issueNonce(): string {
  return randomBytes(9).toString('base64url');
}

/**
 * The `searchId` of a search result: a nonce, the query and a fingerprint of
 * each found tool, in one opaque string. The nonce makes each search its own
 * receipt (two sessions running the same query get two ids, so their calls
 * are two usage events). Any replica reads it back with {@link decodeSearchId}
 * without shared state. Not a secret and not signed: whoever receives one
 * checks it (`SearchReceipts.check`) before trusting what it names.
 */
export function encodeSearchId(query: string, foundDisplayNames: readonly string[], nonce: string = issueNonce()): string {
  const encoded = Buffer.from(query, 'utf8').toString('base64url');
  return `${PREFIX}${nonce}.${encoded}.${foundDisplayNames.map(fingerprint).join('')}`;
}

/** The search a `searchId` names, or undefined for anything {@link encodeSearchId} did not make (or could not have: no tools, more than 100). */
export function decodeSearchId(token: unknown): SearchReceipt | undefined {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH || !token.startsWith(PREFIX)) return undefined;
  const match = TOKEN.exec(token);
  if (match === null) return undefined;
  const query = Buffer.from(match[2]!, 'base64url').toString('utf8');
  const prints = match[3]!;
  if (query.trim().length === 0 || prints.length === 0 || prints.length % 7 !== 0) return undefined;
  const set = new Set<string>();
  for (let index = 0; index < prints.length; index += 7) set.add(prints.slice(index, index + 7));
  if (set.size > MAX_FOUND) return undefined;
  return { id: token, query, size: set.size, found: (displayName) => set.has(fingerprint(displayName)) };
}
