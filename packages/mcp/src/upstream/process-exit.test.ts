import { describe, expect, it } from 'vitest';
import { describeProcessExit, MAX_QUOTED_STDERR_LENGTH, type ProcessExit } from './process-exit.js';

const describeEarlyExit = (exit: ProcessExit, line?: string): string => describeProcessExit(exit, line, ' before it answered');

describe('describeProcessExit', () => {
  it('names the exit code, or the signal, and says it came before any answer', () => {
    expect(describeEarlyExit({ code: 3, signal: null })).toBe('exited with code 3 before it answered');
    expect(describeEarlyExit({ code: null, signal: 'SIGKILL' })).toBe('was killed by SIGKILL before it answered');
  });

  it('quotes the last stderr line, trimmed, and only when there is one', () => {
    expect(describeEarlyExit({ code: 1, signal: null }, '  fatal: API_TOKEN is not set \r')).toBe(
      'exited with code 1 before it answered; last line on its stderr: "fatal: API_TOKEN is not set"',
    );
    expect(describeEarlyExit({ code: 1, signal: null }, '   ')).toBe('exited with code 1 before it answered');
  });

  it(`cuts a long line at ${MAX_QUOTED_STDERR_LENGTH} code points`, () => {
    const message = describeEarlyExit({ code: 2, signal: null }, `Error: ${'é'.repeat(1000)}`);
    const quoted = JSON.parse(message.slice(message.indexOf('"'))) as string;
    expect(Array.from(quoted)).toHaveLength(MAX_QUOTED_STDERR_LENGTH);
    expect(quoted.endsWith('é…')).toBe(true);
  });

  it('says when a later exit happened, before the quoted line', () => {
    expect(describeProcessExit({ code: 3, signal: null })).toBe('exited with code 3');
    expect(describeProcessExit({ code: 3, signal: null }, 'fatal: lost the database', ' during the call to "crash"')).toBe(
      'exited with code 3 during the call to "crash"; last line on its stderr: "fatal: lost the database"',
    );
  });
});
