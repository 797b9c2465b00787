import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

/** Where the build writes the demo catalog's token counts (next to `dist/main.js`). */
export const KNOWN_TOKEN_COUNTS_URL = new URL('../demo-token-counts.json', import.meta.url);

/** Token counts by {@link tokenCountKey}, and the id of the counter that produced them. */
export interface KnownTokenCounts {
  readonly counterId: string;
  readonly counts: ReadonlyMap<string, number>;
}

/** The table's key of a text: 96 bits of its SHA-1 (the text itself is not stored). */
export function tokenCountKey(text: string): string {
  return createHash('sha1').update(text).digest('base64').slice(0, 16);
}

let cached: KnownTokenCounts | null | undefined;

/** The build's table, or undefined when there is none (running from sources) or it is unreadable. */
export function loadKnownTokenCounts(): KnownTokenCounts | undefined {
  if (cached === undefined) {
    try {
      const table = JSON.parse(readFileSync(KNOWN_TOKEN_COUNTS_URL, 'utf8')) as { counterId: string; counts: Record<string, number> };
      cached = { counterId: table.counterId, counts: new Map(Object.entries(table.counts)) };
    } catch {
      cached = null;
    }
  }
  return cached ?? undefined;
}
