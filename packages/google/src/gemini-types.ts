/**
 * The parts of the Gemini API (`@google/genai`'s `generateContent`) this
 * package reads and writes, typed structurally so any copy of the SDK (or
 * none, for the request builders) works.
 */

/** A function declaration of a request's `tools`; the schema is JSON Schema (`parametersJsonSchema`). */
export interface GeminiFunctionDeclaration {
  readonly name: string;
  readonly description?: string;
  readonly parametersJsonSchema: Readonly<Record<string, unknown>>;
}

/** One entry of a request's `config.tools`: a group of function declarations. */
export interface GeminiFunctionTool {
  readonly functionDeclarations: GeminiFunctionDeclaration[];
}

/** A function call the model made (`part.functionCall`); the Gemini API may leave out `id`. */
export interface GeminiFunctionCall {
  readonly id?: string;
  readonly name?: string;
  readonly args?: Record<string, unknown>;
}

/** The answer to a function call (`part.functionResponse`): `response` is a JSON object. */
export interface GeminiFunctionResponse {
  readonly id?: string;
  readonly name: string;
  readonly response: Record<string, unknown>;
}

/** One part of a content. */
export interface GeminiPart {
  readonly text?: string;
  readonly functionCall?: GeminiFunctionCall;
  readonly functionResponse?: GeminiFunctionResponse;
  readonly [field: string]: unknown;
}

/** One turn of a conversation (`contents[]`): `user` or `model`. */
export interface GeminiContent {
  readonly role?: string;
  readonly parts?: GeminiPart[];
}

/** What `models.generateContent` resolves to, as far as the loop reads it. */
export interface GenerateContentResponseLike {
  readonly candidates?: readonly { readonly content?: GeminiContent; readonly finishReason?: string }[];
  readonly [field: string]: unknown;
}

/** The part of a `GoogleGenAI` client the loop uses: `models.generateContent`. */
export interface GeminiClientLike {
  readonly models: { generateContent(params: { model: string; contents: unknown; config?: unknown }): PromiseLike<unknown> };
}
