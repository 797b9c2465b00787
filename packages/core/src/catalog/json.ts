/** A JSON value as parsed from a file or received over MCP. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object; tool input schemas are always objects. */
export type JsonObject = { [key: string]: JsonValue };
