import { describe, expect, it } from 'vitest';
import { APPROXIMATE_TOKEN_COUNTER_ID, createApproximateTokenCounter } from './approximate-token-counter.js';

const counter = createApproximateTokenCounter();

describe('createApproximateTokenCounter', () => {
  it('is a v1 TokenCounter with a stable id', () => {
    expect(counter).toMatchObject({ specificationVersion: 'v1', id: APPROXIMATE_TOKEN_COUNTER_ID });
  });

  it.each([
    ['', 0],
    ['hello', 1],
    ['hello world', 2],
    ['description', 2],
    ['12345', 2],
    ['":"', 1],
    ['{"type":"object"}', 5],
    ['a    b', 2 + 1],
    ['日本語', 3],
  ])('counts %j as %i', (text, tokens) => {
    expect(counter.count(text)).toBe(tokens);
  });

  it('grows with the text and is deterministic', () => {
    const text = 'Search Slack messages by keyword, channel, or date range.';
    expect(counter.count(text)).toBe(counter.count(text));
    expect(counter.count(text + text)).toBeGreaterThan(counter.count(text));
  });

  it('lands near a BPE count for a typical definition', () => {
    const definition = JSON.stringify({
      name: 'create_issue',
      description: 'Create a new issue in a GitHub repository with a title, body, labels and assignees.',
      input_schema: { type: 'object', properties: { owner: { type: 'string' }, repo: { type: 'string' }, title: { type: 'string' } }, required: ['owner', 'repo', 'title'] },
    });
    // o200k_base gives 68 tokens for this text
    expect(counter.count(definition)).toBeGreaterThanOrEqual(55);
    expect(counter.count(definition)).toBeLessThanOrEqual(80);
  });
});
