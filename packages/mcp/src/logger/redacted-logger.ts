import { redactSecrets } from '@loadout/core/utils';
import type { GatewayLogger } from './gateway-logger.js';

/**
 * `logger` with every line's credentials masked by core's `redactSecrets`
 * (URLs, secret-named values, bearer tokens, known key formats), as the
 * adapters mask a tool's error for the model.
 * The gateway logs what plug-ins and upstreams say (a ranker's or a mod's
 * error, a server's stderr line), and their text may hold anything (3468).
 */
export function withRedactedLines(logger: GatewayLogger): GatewayLogger {
  return {
    debug: (message) => logger.debug(redactSecrets(message)),
    info: (message) => logger.info(redactSecrets(message)),
    warn: (message) => logger.warn(redactSecrets(message)),
    error: (message) => logger.error(redactSecrets(message)),
  };
}
