import type { GatewayLogger } from '@loadout/mcp';
import type { RateCappedLog } from './rate-capped-log.js';

/** The code a warning line ends with (`… [mod-failed]`). */
const CODE = /\[([a-z0-9-]+)\]$/;

/**
 * `logger` whose warnings ending with one of `codes` (`[mod-failed]`: one
 * per tool a failing mod touches, again at each re-index) go through
 * `capped`; every other line passes unchanged.
 */
export function withCappedWarnings(logger: GatewayLogger, codes: ReadonlySet<string>, capped: RateCappedLog): GatewayLogger {
  return {
    debug: (message) => logger.debug(message),
    info: (message) => logger.info(message),
    error: (message) => logger.error(message),
    warn(message) {
      const code = CODE.exec(message)?.[1];
      if (code !== undefined && codes.has(code)) capped(message, code);
      else logger.warn(message);
    },
  };
}
