/**
 * The stable error codes core and the packages without codes of their own
 * throw. Codes are a public contract: never rename. A package with codes of
 * its own declares them in {@link LoadoutErrorCodeRegistry} instead of
 * editing this list.
 */
export const LOADOUT_ERROR_CODES = [
  // generic input
  'invalid-input',
  'invalid-option',
  // catalog
  'catalog-invalid-json',
  'catalog-invalid-format',
  'catalog-invalid-tool',
  'catalog-missing-name',
  'catalog-duplicate-name',
  'catalog-invalid-schema',
  'catalog-too-large',
  'catalog-unknown-server',
  'catalog-empty',
  // query syntax and search
  'query-empty',
  'query-too-long',
  'pattern-too-long',
  'pattern-invalid',
  'unknown-tool',
  'unknown-ranker',
  'index-corrupt',
  'cancelled',
  // mods
  'mod-invalid',
  // usage feedback (learning from a deployment's logs)
  'feedback-invalid-line',
  'feedback-unknown-tool',
  /** A feedback line names a tool by a bare name several servers share: it names none of them (the message lists the candidates). */
  'feedback-ambiguous-tool',
  'feedback-too-large',
  'feedback-empty',
  'feedback-dropped',
  'feedback-store-invalid',
  'learned-decision-invalid',
  // plug-ins and configuration
  'ranker-failed',
  'ranker-timeout',
  'ranker-invalid',
  'ranker-invalid-result',
  'plugin-not-found',
  'plugin-load-failed',
  'plugin-duplicate',
  'config-invalid',
  'config-untrusted',
  'config-unknown-key',
  // files and environment (edges only)
  'file-not-found',
  'file-unreadable',
  'file-not-text',
  'file-too-large',
  'file-unwritable',
  'file-overwrite-refused',
  'token-cache-invalid',
  'unsupported-environment',
  'model-unavailable',
  // MCP gateway
  'mcp-invalid-config',
  'mcp-upstream-unavailable',
  'mcp-upstream-timeout',
  'mcp-arguments-too-deep',
  'mcp-arguments-too-large',
  'mcp-invalid-result',
  'mcp-result-too-large',
  'mcp-tool-over-limit',
  'mcp-response-too-large',
  'mcp-tool-ambiguous',
  'mcp-call-not-found',
  'mcp-session-refused',
  // serving (@loadout/mcp, apps/cli)
  'address-in-use',
  'gateway-shutting-down',
] as const;

/**
 * Error codes a package adds for its own errors, by declaration merging, so
 * core's list stays core's:
 *
 * ```ts
 * declare module '@loadout/core' {
 *   interface LoadoutErrorCodeRegistry {
 *     'store-unavailable': true;
 *   }
 * }
 * ```
 *
 * Keys are the codes (kebab-case, stable); values are `true`.
 */
export interface LoadoutErrorCodeRegistry {}

/** A stable error code: one of {@link LOADOUT_ERROR_CODES} or a code a package declared in {@link LoadoutErrorCodeRegistry}. */
export type LoadoutErrorCode = (typeof LOADOUT_ERROR_CODES)[number] | keyof LoadoutErrorCodeRegistry;
