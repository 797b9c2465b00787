import { describe, expect, it } from 'vitest';
import { recordTrainingQueries, SHIPPED_TRAINING_QUERIES } from '@loadout/eval/training-queries';
import { findInSample, inSampleNote, inSampleWarning } from './eval-in-sample.js';

const record = recordTrainingQueries(['send an email', 'weather in paris', 'list my repos']);

describe('findInSample', () => {
  it('names the rankers running a shipped model when at least 10% of the queries are training queries', () => {
    const found = findInSample(['bm25f', 'rerank', 'rerank-glove'], ['Send an email', 'book a flight'], [], record);
    expect(found).toEqual({ rankers: ['rerank', 'rerank-glove'], trained: 1, total: 2 });
    expect(inSampleWarning(found!)).toEqual({
      code: 'eval-in-sample',
      message:
        "1 of the 2 queries (50%) are queries rerank and rerank-glove run models trained on (loadout's build fitted the shipped models on the bundled eval sets' dev queries): their figures here are in-sample and overstate them on new queries; judge them on queries of your own (--queries FILE)",
    });
    expect(inSampleNote({ ...found!, rankers: ['rerank'] })).toBe('note: in-sample: rerank runs a model trained on 1 of the 2 queries (50%); compare it on queries of your own\n');
  });

  it('says nothing for rankers without a shipped model, one given its own model, or few training queries', () => {
    expect(findInSample(['bm25f', 'hybrid'], ['send an email'], [], record)).toBeUndefined();
    expect(findInSample(['rerank'], ['send an email'], ['rerank'], record)).toBeUndefined();
    const fresh = Array.from({ length: 10 }, (_, index) => `query ${index}`);
    expect(findInSample(['rerank'], [...fresh, 'send an email'], [], record)).toBeUndefined();
    expect(findInSample(['rerank'], [...fresh.slice(1), 'send an email'], [], record)?.trained).toBe(1);
  });

  it('reads the record pnpm train writes beside the shipped models', () => {
    expect(SHIPPED_TRAINING_QUERIES.format).toBe('loadout-training-queries-v1');
    expect(SHIPPED_TRAINING_QUERIES.count).toBeGreaterThan(1000);
  });
});
