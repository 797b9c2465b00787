import { redactUrls } from '@loadout/core/utils';

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
