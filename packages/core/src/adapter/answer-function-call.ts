import type { CatalogTool } from '../catalog/tool.js';
import { isRecord } from '../utils/is-record.js';
import { notLoadedText, notObjectText, toolFailedText } from './not-loaded-text.js';
import { parseCallArguments } from './parse-call-arguments.js';
import { toolOutputText } from './tool-output-text.js';

/** One function call a tool loop hands to the caller's handler. */
export interface FunctionCall {
  /** The function's name (a catalog tool's API name, or one of the caller's own tools). */
  readonly name: string;
  /** The parsed arguments: always a JSON object (a call whose arguments are anything else is answered `invalid-input` without the handler). */
  readonly arguments: Record<string, unknown>;
  readonly callId: string;
  /** The catalog tool, or undefined for the caller's own tools. */
  readonly tool: CatalogTool | undefined;
}

/**
 * Runs one function call; the result is sent as the output (strings as they
 * are, anything else as JSON). A throw (or a rejected promise) does not end
 * the run: the output is `{ error: "<name> failed: <message>", code:
 * "tool-failed" }`, which the model sees. To stop a run, abort its request
 * signal.
 */
export type FunctionCallHandler = (call: FunctionCall) => unknown;

/** What {@link answerFunctionCall} needs to know about the request the call came from. */
export interface FunctionCallContext {
  readonly toolFor: (apiName: string) => CatalogTool | undefined;
  /** Deferred in this request and not loaded: a call is refused. */
  readonly notLoaded: (apiName: string) => boolean;
  /** Names of the caller's own tools. */
  readonly ownNames: ReadonlySet<string>;
  /** What the model should call to load a tool. */
  readonly searchName: string;
  readonly callTool: FunctionCallHandler;
  /** Told the API name of each catalog tool `callTool` is about to run (the tool search's `called`, for `recordUsage`). */
  readonly called: (apiName: string) => void;
}

/**
 * The output of one function call: the handler's result, or an error
 * output (`unknown-tool`, `tool-not-loaded`, `invalid-input` for arguments
 * that are not JSON or not a JSON object) without calling the handler, or
 * `tool-failed` when the handler throws. Only a catalog tool the handler
 * really runs is passed to `called`. Never rejects.
 */
export async function answerFunctionCall(name: string, argumentsText: unknown, callId: string, context: FunctionCallContext): Promise<string> {
  const tool = context.toolFor(name);
  if (tool === undefined && !context.ownNames.has(name)) return notLoadedText(name, false, context.searchName);
  if (tool !== undefined && context.notLoaded(name)) return notLoadedText(name, true, context.searchName);
  const parsed = parseCallArguments(argumentsText);
  if (!parsed.ok) return JSON.stringify({ error: `${name}: ${parsed.message}`, code: 'invalid-input' });
  if (!isRecord(parsed.value)) return notObjectText(name, parsed.value);
  if (tool !== undefined) context.called(name);
  try {
    return toolOutputText(await context.callTool({ name, arguments: parsed.value, callId, tool }));
  } catch (error) {
    return toolFailedText(name, error);
  }
}
