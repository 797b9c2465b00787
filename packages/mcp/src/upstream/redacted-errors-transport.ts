import type { Transport } from '@modelcontextprotocol/client';
import { redactErrorUrls } from './redact-url.js';

/**
 * `transport` (an HTTP upstream's), changed in place so that every error it
 * throws from `start` / `send` or reports to `onerror` has the URLs in its
 * message redacted (see `redactUrl`): fetch and the MCP SDK quote the
 * upstream URL, and those messages reach the log, `catalog pull` and the
 * answers of failed calls.
 */
export function withRedactedErrors<T extends Transport>(transport: T): T {
  const start = transport.start.bind(transport);
  const send = transport.send.bind(transport);
  const rethrow = (error: unknown): never => {
    redactErrorUrls(error);
    throw error;
  };
  transport.start = () => start().catch(rethrow);
  transport.send = (...args) => send(...args).catch(rethrow);
  // The SDK's Client sets onerror after construction; the transport calls whatever is set then.
  let handler: Transport['onerror'];
  Object.defineProperty(transport, 'onerror', {
    configurable: true,
    enumerable: true,
    get: () =>
      handler === undefined
        ? undefined
        : (error: Error) => {
            redactErrorUrls(error);
            handler?.(error);
          },
    set: (next: Transport['onerror']) => {
      handler = next;
    },
  });
  return transport;
}
