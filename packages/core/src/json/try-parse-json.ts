/** `JSON.parse(text)`, or undefined when `text` is not JSON (no JSON text parses to undefined); never throws. */
export function tryParseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
