import { describe, expect, it } from 'vitest';
import { createProgressReporter } from './progress-reporter.js';
import { manualTimers } from '../sandbox/__fixtures__/manual-timers.js';

describe('createProgressReporter', () => {
  it('stays quiet for phases under a second, then reports every second and the end', () => {
    const lines: string[] = [];
    let time = 0;
    const progress = createProgressReporter({ write: (text) => lines.push(text), prefix: 'loadout eval', now: () => time });
    progress.step('bm25f: answering queries', 0, 3);
    time = 500;
    progress.step('bm25f: answering queries', 3, 3);
    expect(lines).toEqual([]);
    progress.step('hybrid: indexing tools', 0, 10);
    for (const [at, done] of [[900, 1], [1000, 2], [1500, 3], [2100, 4], [2200, 10]] as const) {
      time = 500 + at;
      progress.step('hybrid: indexing tools', done, 10);
    }
    expect(lines).toEqual([
      'loadout eval: hybrid: indexing tools 2/10 (1.0 s)\n',
      'loadout eval: hybrid: indexing tools 4/10 (2.1 s)\n',
      'loadout eval: hybrid: indexing tools 10/10 (2.2 s)\n',
    ]);
  });

  it('once it has reported, says each new phase at its first step, so a long last step is named while it runs', () => {
    const lines: string[] = [];
    let time = 0;
    const progress = createProgressReporter({ write: (text) => lines.push(text), prefix: 'loadout learn', now: () => time });
    progress.step('learning: judging', 0, 3);
    time = 1200;
    progress.step('learning: judging', 2, 3);
    time = 1300;
    progress.step('learning: fitting on every event', 2, 3);
    time = 9300;
    progress.step('learning: fitting on every event', 3, 3);
    expect(lines).toEqual([
      'loadout learn: learning: judging 2/3 (1.2 s)\n',
      'loadout learn: learning: fitting on every event 2/3 (0.0 s)\n',
      'loadout learn: learning: fitting on every event 3/3 (8.0 s)\n',
    ]);
  });

  it("keeps a phase's count and clock when only what it does changes, and says the change at once", () => {
    const lines: string[] = [];
    let time = 0;
    const progress = createProgressReporter({ write: (text) => lines.push(text), prefix: 'loadout eval', now: () => time });
    progress.step('learning', 0, 8, 'fitting and judging on held-out folds');
    time = 14_400;
    progress.step('learning', 7, 8, 'fitting and judging on held-out folds');
    progress.step('learning', 7, 8, 'fitting on every event');
    time = 17_000;
    progress.step('learning', 8, 8, 'fitting on every event');
    expect(lines).toEqual([
      'loadout eval: learning 7/8: fitting and judging on held-out folds (14.4 s)\n',
      'loadout eval: learning 7/8: fitting on every event (14.4 s)\n',
      'loadout eval: learning 8/8: fitting on every event (17.0 s)\n',
    ]);
  });

  it('announces a phase as it begins once the run has gone on a second, or when told it is long; quiet before', () => {
    const lines: string[] = [];
    let time = 100;
    const progress = createProgressReporter({ write: (text) => lines.push(text), prefix: 'loadout eval', now: () => time, startedAt: 0 });
    progress.announce('bm25f (1/2): indexing 300 tools, round 1 of 2');
    time = 400;
    progress.announce('hybrid (2/2): indexing 20,000 tools, round 1 of 2', true);
    time = 1100;
    progress.announce('hybrid (2/2): indexing 300 tools, round 2 of 2');
    time = 1200;
    // The phase after an announcement is said at its first step.
    progress.step('answering queries', 1, 50);
    expect(lines).toEqual([
      'loadout eval: hybrid (2/2): indexing 20,000 tools, round 1 of 2\n',
      'loadout eval: hybrid (2/2): indexing 300 tools, round 2 of 2\n',
      'loadout eval: answering queries 1/50 (0.0 s)\n',
    ]);
  });

  it('says a wait every second once it has gone on a second, following its state, never at its budget, until ended', () => {
    const lines: string[] = [];
    const timers = manualTimers();
    const advance = (ms: number): void => timers.advance(ms);
    const progress = createProgressReporter({ write: (text) => lines.push(text), prefix: 'loadout eval', now: timers.now, timers, startedAt: 0 });
    let starting = true;
    const end = progress.wait(() => (starting ? { what: 'hang (3/3): starting', budgetMs: 3000 } : { what: 'hang (3/3): indexing 302 tools' }));
    advance(999);
    expect(lines).toEqual([]);
    advance(1);
    advance(1000);
    advance(1000);
    starting = false;
    advance(1000);
    end();
    advance(5000);
    expect(lines).toEqual([
      'loadout eval: hang (3/3): starting, 1 s of 3 s…\n',
      'loadout eval: hang (3/3): starting, 2 s of 3 s…\n',
      'loadout eval: hang (3/3): indexing 302 tools, 4 s…\n',
    ]);
    expect(timers.pending()).toBe(0);
    // The phase after a wait that was said is said at its first step.
    progress.step('answering queries', 1, 50);
    expect(lines.at(-1)).toBe('loadout eval: answering queries 1/50 (0.0 s)\n');
  });

  it('says nothing of a wait ended within a second', () => {
    const lines: string[] = [];
    const timers = manualTimers();
    const progress = createProgressReporter({ write: (text) => lines.push(text), prefix: 'loadout search', now: () => 0, timers });
    const end = progress.wait(() => ({ what: 'indexing 10 tools' }));
    timers.advance(999);
    end();
    timers.advance(5000);
    expect(lines).toEqual([]);
    expect(timers.pending()).toBe(0);
  });

  it("with no prefix, leaves the line's head to the writer (serve's logger)", () => {
    const lines: string[] = [];
    const timers = manualTimers();
    const progress = createProgressReporter({ write: (text) => lines.push(text), prefix: '', now: timers.now, timers });
    progress.wait(() => ({ what: 'rankers.mine (/x/mine.mjs): loading its module', budgetMs: 10_000 }));
    timers.advance(1000);
    expect(lines).toEqual(['rankers.mine (/x/mine.mjs): loading its module, 1 s of 10 s…\n']);
  });
});
