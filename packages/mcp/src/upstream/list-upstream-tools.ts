import type { Client } from '@modelcontextprotocol/client';
import { z } from 'zod';

const pageSchema = z.looseObject({ tools: z.array(z.unknown()), nextCursor: z.string().optional() });

/** Options of {@link listUpstreamTools}. */
export interface ListUpstreamToolsOptions {
  /** Longest wait for each page, in ms. A positive integer. */
  readonly timeoutMs: number;
  /** Most pages followed; more is an error (a server looping on cursors). Default 1,000. */
  readonly maxPages?: number;
}

/**
 * Every tool an upstream lists, following `nextCursor` page by page. Tools
 * are returned unvalidated (one malformed tool must not cost the others);
 * only the page envelope is checked. Throws when a page fails, a cursor
 * repeats, or there are more than `maxPages` pages.
 */
export async function listUpstreamTools(client: Client, options: ListUpstreamToolsOptions): Promise<unknown[]> {
  const maxPages = options.maxPages ?? 1000;
  const tools: unknown[] = [];
  const seen = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const result = await client.request(
      { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
      pageSchema,
      { timeout: options.timeoutMs },
    );
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) return tools;
    if (seen.has(cursor)) throw new Error(`tools/list returned the cursor ${JSON.stringify(cursor)} twice`);
    seen.add(cursor);
  }
  throw new Error(`tools/list still had a nextCursor after ${maxPages} pages`);
}
