import { ProtocolError, type Client } from '@modelcontextprotocol/client';
import { z } from 'zod';
import { overLimitOf } from './oversized-message.js';

const pageSchema = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });

/** Options of {@link listUpstreamTools}. */
export interface ListUpstreamToolsOptions {
  /** Longest wait for each page, in ms. A positive integer. */
  readonly timeoutMs: number;
  /** Most pages followed; more is an error (a server looping on cursors). Default 1,000. */
  readonly maxPages?: number;
}

/** What {@link listUpstreamTools} read. */
export interface UpstreamListing {
  /** Every tool of the pages read, unvalidated. */
  readonly tools: unknown[];
  /** Why the listing stopped early: a page over the message limit (its tools and any later pages' are not listed). */
  readonly truncated?: string;
}

/**
 * Every tool an upstream lists, following `nextCursor` page by page. Tools
 * are returned unvalidated (one malformed tool must not cost the others);
 * only the page envelope is checked. A page over the gateway's message
 * limit ends the listing with the tools read so far (`truncated` says why):
 * the upstream keeps serving those. Throws when a page fails otherwise, a
 * cursor repeats, or there are more than `maxPages` pages.
 */
export async function listUpstreamTools(client: Client, options: ListUpstreamToolsOptions): Promise<UpstreamListing> {
  const maxPages = options.maxPages ?? 1000;
  const tools: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    let result: z.infer<typeof pageSchema>;
    try {
      result = await client.request({ method: 'tools/list', params: cursor === undefined ? {} : { cursor } }, pageSchema, { timeout: options.timeoutMs });
    } catch (error) {
      const over = error instanceof ProtocolError ? overLimitOf(error.data) : undefined;
      if (over === undefined) throw error;
      const later = tools.length === 0 ? '' : ` (kept the ${tools.length} tools of the pages before it)`;
      return { tools, truncated: `tools/list page ${page + 1} was ${over.bytes} bytes, more than the limit of ${over.limit}: its tools and any later pages were skipped${later} [mcp-tool-over-limit]` };
    }
    for (const tool of result.tools) tools.push(tool);
    cursor = result.nextCursor;
    if (cursor === undefined) return { tools };
    if (seen.has(cursor)) throw new Error(`tools/list returned the cursor ${JSON.stringify(cursor)} twice`);
    seen.add(cursor);
  }
  throw new Error(`tools/list still had a nextCursor after ${maxPages} pages`);
}
