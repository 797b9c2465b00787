import type { GatewayLogger, GatewayLogLevel } from '../logger/gateway-logger.js';

/** A logger that keeps every line as `level: message`, for assertions. */
export function createMemoryLogger(): GatewayLogger & { readonly lines: string[]; has(level: GatewayLogLevel, pattern: RegExp): boolean } {
  const lines: string[] = [];
  const at = (level: GatewayLogLevel) => (message: string) => void lines.push(`${level}: ${message}`);
  return {
    lines,
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    has: (level, pattern) => lines.some((line) => line.startsWith(`${level}: `) && pattern.test(line)),
  };
}
