/** A handler's result as a function output: strings as they are, anything else as JSON (`undefined` is `null`). */
export function toolOutputText(result: unknown): string {
  if (typeof result === 'string') return result;
  return JSON.stringify(result === undefined ? null : result) ?? 'null';
}
