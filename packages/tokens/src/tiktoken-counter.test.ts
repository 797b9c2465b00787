import { isLoadoutError } from '@loadout/core';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_TIKTOKEN_ENCODING } from './encodings.js';
import { createTiktokenCounter, defaultTokenCounter } from './index.js';

const built = vi.hoisted(() => ({ encoders: 0, tables: 0 }));

vi.mock('./rank-table.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./rank-table.js')>();
  return {
    ...actual,
    buildRankTable: (...args: Parameters<typeof actual.buildRankTable>) => {
      built.tables++;
      return actual.buildRankTable(...args);
    },
  };
});

vi.mock('js-tiktoken/lite', async (importOriginal) => {
  const actual = await importOriginal<typeof import('js-tiktoken/lite')>();
  class CountingTiktoken extends actual.Tiktoken {
    constructor(...args: ConstructorParameters<typeof actual.Tiktoken>) {
      super(...args);
      built.encoders++;
    }
  }
  return { ...actual, Tiktoken: CountingTiktoken };
});

describe('createTiktokenCounter', () => {
  it('builds no rank table on import or creation, one on the first count, shared by counters of one encoding, and never a js-tiktoken encoder', () => {
    const first = createTiktokenCounter({ encoding: 'cl100k_base' });
    createTiktokenCounter({ encoding: 'o200k_base' });
    expect(built.tables).toBe(0);
    expect(first.count('hello world')).toBe(2);
    expect(built.tables).toBe(1);
    expect(createTiktokenCounter({ encoding: 'cl100k_base' }).count('hello world')).toBe(2);
    expect(built.tables).toBe(1);
    expect(built.encoders).toBe(0);
  });

  it('implements TokenCounter v1 with the encoding in its id', () => {
    const counter = createTiktokenCounter({ encoding: 'o200k_base' });
    expect(counter.specificationVersion).toBe('v1');
    expect(counter.id).toBe('tiktoken/o200k_base');
    expect(createTiktokenCounter().id).toBe(`tiktoken/${DEFAULT_TIKTOKEN_ENCODING}`);
  });

  it('counts a tool definition and never throws on special-token text', () => {
    const counter = createTiktokenCounter();
    const definition = JSON.stringify({ name: 'search_slack_messages', description: 'Search Slack messages by keyword.' });
    expect(counter.count(definition)).toBeGreaterThan(10);
    expect(counter.count('<|endoftext|>')).toBeGreaterThan(1);
    expect(counter.count('')).toBe(0);
  });

  it('rejects an unknown encoding with invalid-option naming it', () => {
    let caught: unknown;
    try {
      createTiktokenCounter({ encoding: 'p50k_base' as 'cl100k_base' });
    } catch (error) {
      caught = error;
    }
    expect(isLoadoutError(caught) && caught.code).toBe('invalid-option');
    expect(String((caught as Error).message)).toContain('"p50k_base"');
  });
});

describe('defaultTokenCounter', () => {
  it('returns one shared counter with the default encoding', () => {
    const counter = defaultTokenCounter();
    expect(defaultTokenCounter()).toBe(counter);
    expect(counter.id).toBe(`tiktoken/${DEFAULT_TIKTOKEN_ENCODING}`);
    expect(counter.count('hello world')).toBe(2);
  });
});
