import { describe, expect, it } from 'vitest';
import { createRateCappedLog } from './rate-capped-log.js';

describe('createRateCappedLog', () => {
  it('writes the first lines of a window, counts the rest, and writes the count when the next window starts', () => {
    let time = 0;
    const lines: string[] = [];
    const log = createRateCappedLog({ write: (line) => lines.push(line), what: 'ranker failure', shown: 2, windowMs: 60_000, now: () => time });
    for (let index = 0; index < 5; index++) log(`failure ${index}`, index === 4 ? 'ranker-failed' : 'ranker-timeout');
    expect(lines).toEqual(['failure 0', 'failure 1']);
    time = 59_999;
    log('failure 5', 'ranker-timeout');
    expect(lines).toHaveLength(2);
    time = 60_000;
    log('failure 6', 'ranker-timeout');
    expect(lines).toEqual(['failure 0', 'failure 1', '4 more ranker failures not logged in the last 60 s [ranker-timeout, ranker-failed]', 'failure 6']);
  });

  it('flush writes a pending count once, and nothing when none is pending', () => {
    const lines: string[] = [];
    const log = createRateCappedLog({ write: (line) => lines.push(line), what: 'ranker failure', shown: 1, now: () => 0 });
    log.flush();
    log('a', 'ranker-timeout');
    log('b', 'ranker-timeout');
    log.flush();
    log.flush();
    expect(lines).toEqual(['a', '1 more ranker failure not logged in the last 60 s [ranker-timeout]']);
  });
});
