import { describe, expect, it } from 'vitest';
import { countSharedLines } from './eval-shared-lines.js';

describe('countSharedLines', () => {
  it('counts the queries lines the feedback holds verbatim (trimmed, blank lines ignored)', () => {
    const feedback = '{"query": "a", "called": "x", "at": 1}\n{"query": "b", "called": "y", "at": 2}\r\n';
    expect(countSharedLines('{"query": "b", "called": "y", "at": 2}  \n\n{"query": "c", "called": "y", "at": 3}\n', feedback)).toEqual({ shared: 1, total: 2 });
    expect(countSharedLines(feedback, feedback)).toEqual({ shared: 2, total: 2 });
    // The same search at another time is a new search, not a copied line.
    expect(countSharedLines('{"query": "a", "called": "x", "at": 9}\n', feedback)).toEqual({ shared: 0, total: 1 });
    expect(countSharedLines('', feedback)).toEqual({ shared: 0, total: 0 });
  });

  it('knows a search in any spelling: key order, spacing, an ISO time for milliseconds, relevant for called, no time at all', () => {
    const store = '{"query":"a","called":["x"],"at":"1970-01-01T00:00:00.001Z"}\n{"query":"b","called":["y","z"],"at":"2026-11-01T00:00:00.000Z"}\n';
    expect(countSharedLines('{"at": 1, "called": "x", "query": "a "}\n', store)).toEqual({ shared: 1, total: 1 });
    expect(countSharedLines('{"query": "b", "relevant": ["z", "y"]}\n{"query": "b", "relevant": ["y"]}\n', store)).toEqual({ shared: 1, total: 2 });
    expect(countSharedLines('{"query": "a", "called": "x", "at": "2026-01-01T00:00:00Z"}\nnot json\n', store)).toEqual({ shared: 0, total: 2 });
  });

  it('matches a line with no time on either side to the same search at any time: all four pairings of timed and untimed', () => {
    const timed = '{"query":"a","called":["x"],"at":"2026-11-01T00:00:00.000Z"}\n{"query":"b","called":"y","at":1790000000000}\n';
    const untimed = '{"query":"a","called":["x"]}\n{"query":"b","called":"y"}\n';
    // Queries timed, feedback the same log with "at" removed: the leak the trial found.
    expect(countSharedLines(timed, untimed)).toEqual({ shared: 2, total: 2 });
    expect(countSharedLines(untimed, timed)).toEqual({ shared: 2, total: 2 });
    expect(countSharedLines(timed, timed)).toEqual({ shared: 2, total: 2 });
    expect(countSharedLines(untimed, untimed)).toEqual({ shared: 2, total: 2 });
    // Only the time is free: another query or other tools are another search.
    expect(countSharedLines('{"query":"a","called":["z"],"at":5}\n{"query":"c","called":"y","at":5}\n', untimed)).toEqual({ shared: 0, total: 2 });
    // Both timed, at different times: still two searches.
    expect(countSharedLines('{"query":"a","called":["x"],"at":"2026-11-02T00:00:00.000Z"}\n', timed)).toEqual({ shared: 0, total: 1 });
  });
});
