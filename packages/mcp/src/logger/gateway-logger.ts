/** Severity of a gateway log line, least severe first. */
export type GatewayLogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * Where the gateway reports what happens: upstreams connecting and failing,
 * skipped tools, relaxed safety settings. Each method receives one line
 * without a trailing newline. In stdio mode stdout is the MCP transport, so a
 * logger must never write there.
 */
export interface GatewayLogger {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}
