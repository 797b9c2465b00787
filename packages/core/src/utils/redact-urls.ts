import { redactUrl } from './redact-url.js';

/** Trailing punctuation a message puts after a URL (`…/mcp; retrying`), never part of what is redacted. */
const TRAILING = /[.,;:!?)\]}'"]+$/;

/**
 * `text` (an error message, a log line) with every `scheme://…` URL in it
 * redacted as {@link redactUrl} does: userinfo, query values and fragment
 * masked; punctuation after a URL kept. A scheme is at most 32
 * characters, which keeps a long `a-a-a-…` linear.
 */
export function redactUrls(text: string): string {
  return text.replace(/\b[a-z][a-z0-9+.-]{0,31}:\/\/[^\s<>"'`]+/gi, (found) => {
    const trailing = TRAILING.exec(found)?.[0] ?? '';
    return `${redactUrl(found.slice(0, found.length - trailing.length))}${trailing}`;
  });
}
