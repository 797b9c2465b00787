/**
 * Every stable error code Loadout throws. Codes are a public contract: add
 * freely, never rename. Grouped by the package area that raises them.
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
  // command line (apps/cli)
  'strict-failed',
  'catalog-pull-failed',
  'catalog-pull-partial',
  'address-in-use',
  'store-unavailable',
  'store-schema-newer',
] as const;

/** A stable error code; see {@link LOADOUT_ERROR_CODES}. */
export type LoadoutErrorCode = (typeof LOADOUT_ERROR_CODES)[number];
