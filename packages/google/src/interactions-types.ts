/**
 * The parts of the Gemini Interactions API (`@google/genai`'s
 * `interactions.create`) this package reads and writes, typed structurally
 * so any copy of the SDK (or none, for the request builders) works. Field
 * names are the API's own (snake_case).
 */

/** A function of a request's `tools`, or one a search loaded (`tool_search_result.result[]`). */
export interface InteractionsFunction {
  readonly type: 'function';
  readonly name: string;
  readonly description?: string;
  /** JSON Schema of the arguments. */
  readonly parameters: Readonly<Record<string, unknown>>;
}

/** The client-executed tool search tool: the model calls it, the client answers with functions. */
export interface InteractionsToolSearchTool {
  readonly type: 'tool_search';
  readonly execution: 'client';
  readonly name: string;
  readonly description: string;
  readonly parameters: Readonly<Record<string, unknown>>;
}

/** One entry of a request's `tools`. */
export type InteractionsTool = InteractionsFunction | InteractionsToolSearchTool;

/** The model's call of the tool search tool: `arguments` follow its `parameters` (`{ query, limit? }`), or name functions (`function_names`). */
export interface ToolSearchCallStep {
  readonly type: 'tool_search_call';
  readonly id: string;
  readonly arguments?: Readonly<Record<string, unknown>>;
  readonly signature?: string;
}

/** The client's answer to a {@link ToolSearchCallStep}: the found functions' definitions. */
export interface ToolSearchResultStep {
  readonly type: 'tool_search_result';
  readonly call_id: string;
  readonly result: InteractionsFunction[];
}

/** The model's call of a function. */
export interface FunctionCallStep {
  readonly type: 'function_call';
  readonly id: string;
  readonly name: string;
  readonly arguments?: Readonly<Record<string, unknown>>;
}

/** The client's answer to a {@link FunctionCallStep}. */
export interface FunctionResultStep {
  readonly type: 'function_result';
  readonly call_id: string;
  readonly name: string;
  /** The function's output as text (JSON for objects). */
  readonly result: string;
  readonly is_error?: boolean;
}

/** A text content block of a `user_input` or `model_output` step. */
export interface InteractionsTextContent {
  readonly type: 'text';
  readonly text: string;
}

/** Input the user gave. */
export interface UserInputStep {
  readonly type: 'user_input';
  readonly content?: readonly (InteractionsTextContent | Readonly<Record<string, unknown>>)[];
}

/** One step of an interaction (input or output); steps of other types are kept as they are. */
export type InteractionsStep =
  | UserInputStep
  | ToolSearchCallStep
  | ToolSearchResultStep
  | FunctionCallStep
  | FunctionResultStep
  | { readonly type: string; readonly [field: string]: unknown };

/** What `interactions.create` resolves to, as far as the loop reads it. */
export interface InteractionLike {
  readonly id?: string;
  readonly status?: string;
  /** The steps the model produced for this request. */
  readonly steps?: readonly InteractionsStep[];
  readonly [field: string]: unknown;
}

/** The part of a `GoogleGenAI` client the Interactions loop uses: `interactions.create`. */
export interface InteractionsClientLike {
  readonly interactions: { create(params: Record<string, unknown>): PromiseLike<unknown> };
}
