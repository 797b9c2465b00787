export type { McpGatewayConfig, UpstreamConfig, StdioUpstreamConfig, HttpUpstreamConfig } from './config/mcp-config.js';
export { parseMcpConfig } from './config/parse-mcp-config.js';
export type { ParseMcpConfigOptions } from './config/parse-mcp-config.js';
export { readMcpConfig } from './config/read-mcp-config.js';
export type { ReadMcpConfigOptions } from './config/read-mcp-config.js';
export { createGateway } from './gateway/create-gateway.js';
export type { CreateGatewayOptions } from './gateway/create-gateway-options.js';
export type { Gateway, GatewaySearchHit, GatewaySearchOptions, GatewayCallOptions } from './gateway/gateway.js';
export { CALL_POLICIES } from './gateway/call-policy.js';
export type { CallPolicy } from './gateway/call-policy.js';
export type { GatewayLimits } from './limits/gateway-limits.js';
export type { ToolIndex } from './search-index/tool-index.js';
export type { GatewayLogger, GatewayLogLevel } from './logger/gateway-logger.js';
export { createStreamLogger } from './logger/create-stream-logger.js';
export type { StreamLoggerOptions } from './logger/create-stream-logger.js';
export type { ReconnectOptions } from './upstream/backoff.js';
export type { UpstreamState, UpstreamStatus } from './upstream/upstream.js';
export type { LivenessOptions } from './upstream/liveness.js';
export type { CircuitBreakerOptions } from './upstream/circuit-breaker.js';
export type { UpstreamStderr } from './upstream/connect-upstream.js';
export { connectUpstream } from './upstream/connect-upstream.js';
export type { ConnectUpstreamOptions } from './upstream/connect-upstream.js';
export { serveStdio } from './serve/serve-stdio.js';
export type { ServeStdioOptions, StdioGatewayServer } from './serve/serve-stdio.js';
export { serveHttp } from './serve/serve-http.js';
export type { HttpGatewayServer } from './serve/serve-http.js';
export type { ServeHttpOptions } from './serve/serve-http-options.js';
export {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MAX_SESSIONS_PER_ADDRESS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_SESSION_GRACE_MS,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
} from './serve/serve-http-options.js';
export { isLoopbackHost } from './serve/loopback.js';
export { serveGateway } from './serve/serve-gateway.js';
export type { ServeGatewayOptions, ServedGateway } from './serve/serve-gateway-options.js';
export { isReadyFileText } from './serve/ready-file.js';
export { pullCatalog } from './pull/pull-catalog.js';
export type { McpCatalogSnapshot, PullProgress, PullCatalogOptions, PullCatalogResult, PulledSkip } from './pull/pull-catalog.js';
