import { describe, expect, it } from 'vitest';
import { makeTool } from '@loadout/core/test';
import { createBm25Ranker } from '@loadout/bm25';
import { createRerankRanker, extractRerankCandidates } from './create-rerank-ranker.js';
import { compileRerankModel } from './rerank-model.js';
import type { RerankModel } from './rerank-model.js';
import { RERANK_FEATURES } from './rerank-features.js';
import { RERANK_SIBLING_FEATURES, SIBLING_FEATURES } from './sibling-features.js';

// Toolbench-style names: the server's words start every name of its tools.
const tools = [
  makeTool({ name: 'Riddle API::Get Random Riddle', server: 'Riddle API', description: 'A random riddle' }),
  makeTool({ name: 'Riddle API::Riddle of the Day', server: 'Riddle API', description: 'The riddle of the day' }),
  makeTool({ name: 'Riddle API::Upvote Riddle', server: 'Riddle API', description: 'Upvote a riddle' }),
  makeTool({ name: 'Jokes::Joke of the Day', server: 'Jokes', description: 'The joke of the day' }),
  makeTool({ name: 'riddle_solver', server: null, description: 'Solves a riddle' }),
];

const W = RERANK_SIBLING_FEATURES.length;
const F = RERANK_FEATURES.length;
const at = (name: string): number => F + SIBLING_FEATURES.indexOf(name);

function rows(query: string): { names: string[]; value: (tool: string, feature: string) => number } {
  const ranker = createBm25Ranker();
  ranker.index(tools);
  const found = extractRerankCandidates(ranker, query, 50, undefined, { siblings: true });
  const names = found.tools.map((tool) => tool.name);
  expect(found.features).toHaveLength(names.length * W);
  return { names, value: (tool, feature) => found.features[names.indexOf(tool) * W + at(feature)]! };
}

describe('SIBLING_FEATURES', () => {
  it('keep the lexical features and append what tells a tool from its server siblings', () => {
    const ranker = createBm25Ranker();
    ranker.index(tools);
    const plain = extractRerankCandidates(ranker, 'riddle of the day', 50);
    const wide = extractRerankCandidates(ranker, 'riddle of the day', 50, undefined, { siblings: true });
    expect(wide.tools.map((tool) => tool.name)).toEqual(plain.tools.map((tool) => tool.name));
    for (let row = 0; row < plain.tools.length; row++) expect(Array.from(wide.features.subarray(row * W, row * W + F))).toEqual(Array.from(plain.features.subarray(row * F, (row + 1) * F)));
  });

  it('reads own name words without the server’s words', () => {
    const { value } = rows('upvote');
    // `Upvote Riddle` owns `upvote` (riddle is also the server's word): all its own words are in the query.
    expect(value('Riddle API::Upvote Riddle', 'sibling.ownShare')).toBe(1);
    expect(value('Riddle API::Upvote Riddle', 'sibling.ownCover')).toBe(1);
    expect(value('Riddle API::Upvote Riddle', 'sibling.ownQuery')).toBe(1);
    // A query of one clause is its own clause; no sibling matches `upvote`, so none is a candidate.
    expect(value('Riddle API::Upvote Riddle', 'sibling.clauseOwn')).toBe(1);
    expect(value('Riddle API::Upvote Riddle', 'sibling.clauseOwnGap')).toBe(0);
  });

  it('reads each clause apart', () => {
    const { value } = rows('Upvote the riddle. Also give me the riddle of the day.');
    expect(value('Riddle API::Upvote Riddle', 'sibling.clauseOwn')).toBeGreaterThan(value('Riddle API::Upvote Riddle', 'sibling.ownQuery'));
    expect(value('Riddle API::Riddle of the Day', 'sibling.clauseOwnGap')).toBeGreaterThan(0);
    expect(value('Riddle API::Get Random Riddle', 'sibling.clauseOwnGap')).toBeLessThan(0);
  });

  it('treat each tool without a server as its own', () => {
    const { value } = rows('riddle of the day');
    expect(value('riddle_solver', 'sibling.exclusive')).toBe(0);
    expect(value('riddle_solver', 'sibling.clauseOwnGap')).toBe(0);
    expect(value('riddle_solver', 'sibling.ownExclusive')).toBe(value('riddle_solver', 'sibling.ownQuery'));
  });

  it('credits the query words a tool holds that its siblings lack', () => {
    const { value } = rows('riddle of the day');
    expect(value('Riddle API::Riddle of the Day', 'sibling.exclusive')).toBeGreaterThan(0);
    expect(value('Riddle API::Riddle of the Day', 'sibling.ownExclusive')).toBeGreaterThan(0);
    expect(value('Riddle API::Upvote Riddle', 'sibling.exclusive')).toBe(0);
    expect(value('Riddle API::Upvote Riddle', 'sibling.ownExclusive')).toBe(0);
    // `day` is in Jokes' own name too, but Jokes is another server.
    expect(value('Jokes::Joke of the Day', 'sibling.ownExclusive')).toBeGreaterThan(0);
  });

  it('are read by a model over RERANK_SIBLING_FEATURES, and only by one', () => {
    const weights = (name: string): number => (name === 'sibling.ownExclusive' ? 10 : 0);
    const model: RerankModel = {
      format: 'loadout-rerank-v1',
      kind: 'linear',
      features: [...RERANK_SIBLING_FEATURES],
      mean: RERANK_SIBLING_FEATURES.map(() => 0),
      scale: RERANK_SIBLING_FEATURES.map(() => 1),
      linear: RERANK_SIBLING_FEATURES.map(weights),
    };
    expect(compileRerankModel(model).siblings).toBe(true);
    const ranker = createRerankRanker({ model });
    ranker.index(tools);
    expect(ranker.search('riddle of the day', { limit: 1 })[0]!.tool.name).toBe('Riddle API::Riddle of the Day');
    expect(() => compileRerankModel({ ...model, features: [...RERANK_FEATURES, ...SIBLING_FEATURES.slice(1)] })).toThrow(/other features/);
  });
});
