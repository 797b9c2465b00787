import MiniSearch from 'minisearch';
import type { SearchPeer } from './search-peer.js';

interface MiniSearchDocument {
  readonly id: number;
  readonly name: string;
  readonly description: string;
}

/**
 * MiniSearch 7 over the fields `name` and `description` with its default
 * options (BM25+, OR of terms, its default tokenizer), searched with
 * `{ prefix: false, fuzzy: false }`: exact-term matching like ours.
 */
export function createMiniSearchPeer(): SearchPeer {
  let names: string[] = [];
  let index = new MiniSearch<MiniSearchDocument>({ fields: ['name', 'description'] });
  return {
    name: 'minisearch',
    build(tools) {
      names = tools.map((tool) => tool.name);
      index = new MiniSearch<MiniSearchDocument>({ fields: ['name', 'description'] });
      index.addAll(tools.map((tool, id) => ({ id, name: tool.name, description: tool.description })));
    },
    search(query, limit) {
      const results = index.search(query, { prefix: false, fuzzy: false });
      const top: string[] = [];
      for (let rank = 0; rank < results.length && rank < limit; rank++) top.push(names[results[rank]!.id as number]!);
      return top;
    },
  };
}
