import type { CatalogTool } from '../catalog/tool.js';
import { isRecord } from '../utils/is-record.js';
import { notLoadedText, notObjectText } from './not-loaded-text.js';
import { parseCallArguments } from './parse-call-arguments.js';
import { toolFailure } from './tool-failure.js';
import type { ToolFailure } from './tool-failure.js';
import { toolOutputText } from './tool-output-text.js';

/** One function call a tool loop hands to the caller's handler. */
export interface FunctionCall {
  /** The function's name as the model called it: a catalog tool's API name (`mcp__weather__get_weather`), or one of the caller's own tools. Key catalog handlers by `tool?.name` (the tool's own name), not by this. */
  readonly name: string;
  /** The parsed arguments: always a JSON object (a call whose arguments are anything else is answered `invalid-input` without the handler). */
  readonly arguments: Record<string, unknown>;
  readonly callId: string;
  /** The catalog tool (its `name` is the tool's own, `get_weather`; `server` its server), or undefined for the caller's own tools. */
  readonly tool: CatalogTool | undefined;
}

/**
 * Runs one function call; the result is sent as the output (strings as they
 * are, anything else as JSON). A throw (or a rejected promise) does not end
 * the run: the output is `{ error: "<name> failed: <message>", code:
 * "tool-failed" }`, which the model sees, the message with credentials
 * masked (or the client's `toolErrorMessage`), and the full error goes to
 * the client's `onWarning` as a `tool-failed` warning. To stop a run, abort
 * its request signal.
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
  /** Answers a call whose handler threw (a client's `createToolFailureReporter`, which also warns). Default: {@link toolFailure} (credentials masked, nobody told). */
  readonly failed?: (call: FunctionCall, error: unknown) => ToolFailure;
}

/**
 * The output of one function call: the handler's result, or an error
 * output (`unknown-tool`, `tool-not-loaded`, `invalid-input` for arguments
 * that are not JSON or not a JSON object) without calling the handler, or
 * `tool-failed` when the handler throws (`failed`). Only a catalog tool
 * the handler really runs is passed to `called`. Never rejects.
 */
export async function answerFunctionCall(name: string, argumentsText: unknown, callId: string, context: FunctionCallContext): Promise<string> {
  const tool = context.toolFor(name);
  if (tool === undefined && !context.ownNames.has(name)) return notLoadedText(name, false, context.searchName);
  if (tool !== undefined && context.notLoaded(name)) return notLoadedText(name, true, context.searchName);
  const parsed = parseCallArguments(argumentsText);
  if (!parsed.ok) return JSON.stringify({ error: `${name}: ${parsed.message}`, code: 'invalid-input' });
  if (!isRecord(parsed.value)) return notObjectText(name, parsed.value);
  if (tool !== undefined) context.called(name);
  const call: FunctionCall = { name, arguments: parsed.value, callId, tool };
  try {
    return toolOutputText(await context.callTool(call));
  } catch (error) {
    return JSON.stringify(context.failed === undefined ? toolFailure(name, error) : context.failed(call, error));
  }
}
