/** A decoded {@link encodeSearchId} token: the search's query and which tools it found. */
export interface SearchReceipt {
  readonly query: string;
  /** Whether the search found the tool of this display name. */
  found(displayName: string): boolean;
}

const PREFIX = 's1.';
/** Longest token read back (a 500-character query and 100 found tools fit). */
const MAX_TOKEN_LENGTH = 4096;

/** FNV-1a of `text`, 32 bits, as 6 base-36 characters: a short fingerprint of a tool name, not a secret. */
function fingerprint(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36).padStart(7, '0');
}

/**
 * The `searchId` of a search result: the query and a fingerprint of each
 * found tool, in one opaque string. Any replica reads it back with
 * {@link decodeSearchId} without shared state, so a `call_tool` carrying it
 * is a positive for that search wherever it lands. Not a secret and not
 * signed: a client that forges one could equally run the search and call.
 */
export function encodeSearchId(query: string, foundDisplayNames: readonly string[]): string {
  const encoded = Buffer.from(query, 'utf8').toString('base64url');
  return `${PREFIX}${encoded}.${foundDisplayNames.map(fingerprint).join('')}`;
}

/** The search a `searchId` names, or undefined for anything {@link encodeSearchId} did not make. */
export function decodeSearchId(token: unknown): SearchReceipt | undefined {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH || !token.startsWith(PREFIX)) return undefined;
  const dot = token.indexOf('.', PREFIX.length);
  if (dot < 0) return undefined;
  const query = Buffer.from(token.slice(PREFIX.length, dot), 'base64url').toString('utf8');
  const prints = token.slice(dot + 1);
  if (query.trim().length === 0 || prints.length % 7 !== 0 || !/^[0-9a-z]*$/.test(prints)) return undefined;
  const set = new Set<string>();
  for (let index = 0; index < prints.length; index += 7) set.add(prints.slice(index, index + 7));
  return { query, found: (displayName) => set.has(fingerprint(displayName)) };
}
