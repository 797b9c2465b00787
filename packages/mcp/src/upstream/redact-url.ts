/** Trailing punctuation a message puts after a URL (`…/mcp; retrying`), never part of what is redacted. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * An upstream URL for messages: its userinfo replaced by `***`, the value
 * of every query parameter by `***` (the names kept), a fragment by `***`;
 * scheme, host and path as written. Credentials belong in headers, but an
 * `?api_key=…` must never reach a log either.
 */
export function redactUrl(url: string): string {
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/is.exec(url);
  // Not a URL (a config value that failed to parse): what could be userinfo, and any query, masked alike.
  if (match === null) return url.replace(/^[^/?#]*@/, '***@').replace(/\?.*$/s, '?***');
  const [, scheme, authority = '', path = '', query, fragment] = match;
  const at = authority.lastIndexOf('@');
  const host = at < 0 ? authority : `***@${authority.slice(at + 1)}`;
  const params =
    query === undefined
      ? ''
      : `?${query
          .split('&')
          .map((part) => (part === '' ? part : part.includes('=') ? `${part.slice(0, part.indexOf('='))}=***` : '***'))
          .join('&')}`;
  return `${scheme}${host}${path}${params}${fragment === undefined ? '' : '#***'}`;
}

/** `text` (an error message) with every `http://` / `https://` URL in it redacted as {@link redactUrl} does. */
export function redactUrls(text: string): string {
  return text.replace(/\bhttps?:\/\/[^\s<>"'`]+/gi, (found) => {
    const trailing = TRAILING.exec(found)?.[0] ?? '';
    return `${redactUrl(found.slice(0, found.length - trailing.length))}${trailing}`;
  });
}

/** Redacts, in place, the URLs in an error's message and its cause's (what the MCP SDK and fetch throw quote the URL). */
export function redactErrorUrls(error: unknown): void {
  for (let current = error, depth = 0; current instanceof Error && depth < 3; current = current.cause, depth += 1) {
    const redacted = redactUrls(current.message);
    if (redacted === current.message) continue;
    try {
      current.message = redacted;
    } catch {
      // A frozen error keeps its message; nothing in the SDK freezes them.
    }
  }
}
