/**
 * The parts of the OpenAI Responses API this package reads and writes,
 * typed structurally so any copy of the `openai` package (or none) works.
 */

/** A function tool (`tools[]`, `tool_search_output.tools[]`, `namespace.tools[]`). */
export interface FunctionToolDefinition {
  readonly type: 'function';
  /** The catalog tool's API name. */
  readonly name: string;
  readonly description?: string;
  readonly parameters: Record<string, unknown>;
  /** Always false: catalog schemas are not written for strict mode. */
  readonly strict: boolean;
  /** Declared but loaded only through tool search. */
  readonly defer_loading?: boolean;
}

/** Functions grouped under one server (`type: "namespace"`). */
export interface NamespaceToolDefinition {
  readonly type: 'namespace';
  /** The server name, made API-safe. */
  readonly name: string;
  readonly description: string;
  readonly tools: FunctionToolDefinition[];
}

/** The client-executed `tool_search` tool. */
export interface ToolSearchToolDefinition {
  readonly type: 'tool_search';
  readonly execution: 'client';
  /** What it searches: the catalog summary and the query syntax. */
  readonly description: string;
  /** JSON Schema of the call's arguments (`{ query, limit? }`). */
  readonly parameters: Record<string, unknown>;
}

/** A function that this package answers itself (the plain search fallback). */
export type LoadedToolDefinition = FunctionToolDefinition | NamespaceToolDefinition;

/** Any tool definition this package puts into a request. */
export type ResponsesToolDefinition = FunctionToolDefinition | NamespaceToolDefinition | ToolSearchToolDefinition;

/** A `tool_search_call` output item. */
export interface ToolSearchCallItem {
  readonly type: 'tool_search_call';
  readonly call_id?: string | null;
  readonly arguments: unknown;
  readonly execution?: 'server' | 'client';
  readonly id?: string | null;
}

/** The `tool_search_output` input item answering one call. */
export interface ToolSearchOutputItem {
  readonly type: 'tool_search_output';
  readonly call_id: string;
  readonly execution: 'client';
  readonly status: 'completed';
  readonly tools: LoadedToolDefinition[];
}

/** A `function_call` output item. */
export interface FunctionCallItem {
  readonly type: 'function_call';
  readonly call_id: string;
  readonly name: string;
  /** A JSON string. */
  readonly arguments: string;
  readonly namespace?: string;
  readonly id?: string;
}

/** A `function_call_output` input item. */
export interface FunctionCallOutputItem {
  readonly type: 'function_call_output';
  readonly call_id: string;
  readonly output: string;
}

/** One input item, loosely: the package reads `type` and the fields above and passes everything else through. */
export type ResponseInputItem = Readonly<Record<string, unknown>>;

/** The parts of a response this package reads. */
export interface ResponseLike {
  readonly id: string;
  readonly output: readonly ResponseInputItem[];
  readonly output_text?: string;
}

/** The part of an `openai` client this package calls. */
export interface ResponsesClientLike {
  readonly baseURL: string;
  readonly responses: {
    create(body: never, options?: never): PromiseLike<unknown>;
  };
}
