import type { GatewayLogger } from '@loadout/mcp';
import type { RateCappedLog } from './rate-capped-log.js';

/** The code a log line ends with (`… [mod-failed]`). */
const CODE = /\[([a-z0-9-]+)\]$/;

/**
 * `logger` whose lines at `level` (default `warn`) ending with one of `codes`
 * (`[mod-failed]`: one per tool a failing mod touches, again at each
 * re-index; `[mcp-session-refused]` at `info`: one per refused client) go
 * through `capped`; every other line passes unchanged.
 */
export function withCappedWarnings(logger: GatewayLogger, codes: ReadonlySet<string>, capped: RateCappedLog, level: 'info' | 'warn' = 'warn'): GatewayLogger {
  const through = (write: (message: string) => void) => (message: string) => {
    const code = CODE.exec(message)?.[1];
    if (code !== undefined && codes.has(code)) capped(message, code);
    else write(message);
  };
  return {
    debug: (message) => logger.debug(message),
    info: level === 'info' ? through((message) => logger.info(message)) : (message) => logger.info(message),
    warn: level === 'warn' ? through((message) => logger.warn(message)) : (message) => logger.warn(message),
    error: (message) => logger.error(message),
  };
}
