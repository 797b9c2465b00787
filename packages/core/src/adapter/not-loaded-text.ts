import { describeValue } from '../errors/loadout-error.js';

/** The function output for a call of a tool the conversation never loaded (or that is not in the catalog). */
export function notLoadedText(name: string, known: boolean, searchToolName: string): string {
  return known
    ? JSON.stringify({ error: `tool ${name} is not loaded; call ${searchToolName} to load it first`, code: 'tool-not-loaded' })
    : JSON.stringify({ error: `there is no tool named ${name}`, code: 'unknown-tool' });
}

/** The function output for a call whose arguments are JSON but not an object (`[1,2]`, `"text"`): `invalid-input`, the handler not called. */
export function notObjectText(name: string, value: unknown): string {
  return JSON.stringify({ error: `${name}: arguments must be a JSON object, got ${describeValue(value)}`, code: 'invalid-input' });
}
