/** True for an object that is not `null` and not an array: a JSON object or any other keyed value whose fields can be read. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
