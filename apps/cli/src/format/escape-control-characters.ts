// C0 controls except tab and newline, DEL, and the C1 range (U+0080–U+009F; U+009B is a one-byte CSI).
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/**
 * Makes text safe for a terminal: every control character except tab and
 * newline becomes a visible `\u001b`-style escape, so a tool name or
 * description from a catalog or an upstream cannot clear the screen, set the
 * window title or write the clipboard (OSC 52). Inside a JSON string the
 * escape is the same value, so JSON output stays valid and equal.
 */
export function escapeControlCharacters(text: string): string {
  return text.replace(CONTROL, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
