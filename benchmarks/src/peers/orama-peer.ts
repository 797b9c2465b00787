import { create, insertMultiple, search } from '@orama/orama';
import type { SearchPeer } from './search-peer.js';

const schema = { name: 'string', description: 'string' } as const;

function createDatabase() {
  return create({ schema });
}

/**
 * Orama 3 over `name` and `description` with its default full-text search
 * (`term` only: BM25, its default tokenizer, every query word matched as a
 * prefix, documents matching any word returned). `exact: true` is not used: it requires every query word and drops
 * recall to a few percent on these queries.
 */
export function createOramaPeer(): SearchPeer {
  let database = createDatabase();
  return {
    name: 'orama',
    async build(tools) {
      database = createDatabase();
      await insertMultiple(
        database,
        tools.map((tool, index) => ({ id: String(index), name: tool.name, description: tool.description })),
      );
    },
    async search(query, limit) {
      const results = await search(database, { term: query, limit });
      return results.hits.map((hit) => (hit.document as { name: string }).name);
    },
  };
}
