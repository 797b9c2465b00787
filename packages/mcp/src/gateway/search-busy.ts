import type { ToolSearchFailure } from '@loadout/core';
import '../mcp-error-codes.js';
import type { SearchRefusal } from '../limits/fair-search-queue.js';

/**
 * The answer to a search the fair queue refused (`ranker-busy`, as a plug-in
 * ranker's own full queue answers): its client has as many searches waiting
 * as one client may, or every client together as many as the gateway queues.
 */
export function searchBusy(args: unknown, why: SearchRefusal): ToolSearchFailure {
  const query = typeof args === 'object' && args !== null ? (args as { query?: unknown }).query : undefined;
  const whose = why.scope === 'client' ? 'this client has' : 'the gateway has';
  return {
    ok: false,
    stage: 'search',
    code: 'ranker-busy',
    message: `${whose} ${why.waiting} searches waiting already; try again shortly`,
    ...(typeof query === 'string' ? { query } : {}),
  };
}
