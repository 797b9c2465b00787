import { describeValue } from '../errors/loadout-error.js';

/** Longest handler error message a `tool-failed` output repeats, in UTF-16 units. */
const MAX_FAILURE_MESSAGE = 1_000;

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

/** What a call whose handler threw (or rejected) answers: `tool-failed`, with the error's message (cut at 1,000 characters). */
export interface ToolFailure {
  readonly error: string;
  readonly code: 'tool-failed';
}

/** The {@link ToolFailure} of tool `name` whose handler threw `error`, so the model sees the failure and the run goes on. */
export function toolFailure(name: string, error: unknown): ToolFailure {
  const message = error instanceof Error ? error.message : describeValue(error);
  const shown = message.length > MAX_FAILURE_MESSAGE ? `${message.slice(0, MAX_FAILURE_MESSAGE)}…` : message;
  return { error: `${name} failed: ${shown}`, code: 'tool-failed' };
}

/** {@link toolFailure} as a function output (JSON text). */
export function toolFailedText(name: string, error: unknown): string {
  return JSON.stringify(toolFailure(name, error));
}
