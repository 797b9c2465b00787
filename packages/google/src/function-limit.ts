/**
 * Most function declarations one Gemini request may carry: `@google/genai`
 * (3.6) documents `Tool.functionDeclarations` as "Maximum 512 function
 * declarations can be provided". Requests in `search` mode keep the loaded
 * ones within it.
 */
export const MAX_FUNCTION_DECLARATIONS = 512;
