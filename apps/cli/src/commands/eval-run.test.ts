import { describe, expect, it, vi } from 'vitest';
import type { CatalogTool, Ranker } from '@loadout/core';
import type { EvalSet } from '@loadout/eval';
import { createProgressReporter } from '../io/progress-reporter.js';
import { manualTimers } from '../sandbox/__fixtures__/manual-timers.js';
import { runRankers } from './eval-run.js';

/** A ranker answering nothing; its first index waits for `gate` when given, once `entered` was called. */
function fakeRanker(name: string, gate?: Promise<void>, entered?: () => void): Ranker {
  let tools: readonly CatalogTool[] = [];
  let first = true;
  return {
    specificationVersion: 'v1',
    name,
    get size() {
      return tools.length;
    },
    async index(next) {
      if (first && gate !== undefined) {
        entered?.();
        await gate;
      }
      first = false;
      tools = next;
    },
    add() {},
    remove() {},
    search: () => [],
  };
}

const evalSet: EvalSet = {
  name: 'tiny',
  tools: [
    { name: 'send_message', server: 'slack', description: 'Send a message to a channel' },
    { name: 'create_issue', server: 'github', description: 'Open an issue' },
  ],
  queries: [{ id: 'q1', query: 'send a message', relevant: ['mcp__slack__send_message'] }],
};

describe('runRankers: progress while a ranker is awaited', () => {
  // Ranker trial F1 (decision 3466): eval was silent for the whole 10 s start budget while a plug-in's create hung.
  it("says a plug-in's start every second with its budget, then its indexing, and nothing once it is done", async () => {
    const lines: string[] = [];
    const timers = manualTimers();
    const advance = (ms: number): void => timers.advance(ms);
    const progress = createProgressReporter({ write: (text) => lines.push(text), prefix: 'loadout eval', now: timers.now, timers, startedAt: 0 });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let starting = true;
    let waiting = false;
    const running = runRankers(
      [
        { name: 'bm25f', ranker: fakeRanker('bm25f') },
        { name: 'hang', ranker: fakeRanker('hang', gate, () => (waiting = true)), startBudget: () => (starting ? 10_000 : undefined) },
      ],
      evalSet,
      progress,
      2,
    );
    await vi.waitFor(() => expect(waiting).toBe(true));
    advance(1000);
    advance(1000);
    starting = false;
    advance(1000);
    open();
    const runs = await running;
    advance(10_000);
    expect(runs.map((run) => run.ranker)).toEqual(['bm25f', 'hang']);
    expect(lines).toEqual([
      'loadout eval: hang (2/2): starting, 1 s of 10 s…\n',
      'loadout eval: hang (2/2): starting, 2 s of 10 s…\n',
      'loadout eval: hang (2/2): indexing 2 tools, round 1 of 2, 3 s…\n',
      // Once a line was said, each later phase is said as it begins.
      'loadout eval: hang (2/2): indexing 2 tools, round 2 of 2\n',
      'loadout eval: bm25f (1/2): indexing 2 tools, round 2 of 2\n',
      'loadout eval: answering queries (2 rankers in turn) 1/2 (0.0 s)\n',
      'loadout eval: answering queries (2 rankers in turn) 2/2 (0.0 s)\n',
    ]);
    expect(timers.pending()).toBe(0);
  });
});
