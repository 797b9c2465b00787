import { describe, expect, it } from 'vitest';
import { createMemoryLogger } from '../__fixtures__/memory-logger.js';
import { createWarningRounds } from './warning-rounds.js';

describe('createWarningRounds', () => {
  it('logs a round once per change, counting the unchanged rounds in between', () => {
    const logger = createMemoryLogger();
    const rounds = createWarningRounds(logger, ['listing', 'listings']);
    const duplicates = ['upstream "bad": skipped tool 3 ("x"): duplicate name', 'upstream "bad": skipped tool 9: name too long'];
    for (let round = 0; round < 40; round++) rounds.report(duplicates);
    expect(logger.lines).toEqual(duplicates.map((line) => `warn: ${line}`));
    rounds.report([duplicates[0]!]);
    rounds.report([duplicates[0]!]);
    expect(logger.lines).toHaveLength(2);
    rounds.report([...duplicates, 'upstream "bad": skipped tool 12: name too long']);
    expect(logger.lines.slice(2)).toEqual([
      `warn: ${duplicates[1]} (41 listings before this one repeated known warnings, not logged again)`,
      'warn: upstream "bad": skipped tool 12: name too long',
    ]);
    rounds.report([]);
    rounds.report(duplicates);
    expect(logger.lines.slice(4)).toEqual(duplicates.map((line) => `warn: ${line}`));
  });

  it('logs at most 20 lines of a round and counts the rest', () => {
    const logger = createMemoryLogger();
    createWarningRounds(logger, ['re-index', 're-indexes']).report(Array.from({ length: 49 }, (_, index) => `skipped tool ${index}`));
    expect(logger.lines).toHaveLength(21);
    expect(logger.lines[20]).toBe('warn: … and 29 more warnings of this re-index');
  });
});
