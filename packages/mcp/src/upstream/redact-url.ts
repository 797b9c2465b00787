import { redactUrl } from '@loadout/core/utils';

/** Trailing punctuation a message puts after a URL (`…/mcp; retrying`), never part of what is redacted. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

/** `text` (an error message) with every `http://` / `https://` URL in it redacted as core's `redactUrl` does. */
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
