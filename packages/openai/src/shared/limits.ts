/**
 * Most function tools one OpenAI request may declare (Chat Completions
 * documents 128; the Responses API's tool_search_output is held to the same
 * number here). A request or an answer never carries more.
 */
export const MAX_FUNCTIONS = 128;

/** Function and namespace names OpenAI accepts. */
export const FUNCTION_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
