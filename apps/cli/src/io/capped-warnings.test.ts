import { describe, expect, it } from 'vitest';
import { withCappedWarnings } from './capped-warnings.js';
import { createRateCappedLog } from './rate-capped-log.js';

// Trial item 5: serve logged one mod-failed line per tool, uncapped, where search caps them.
describe('withCappedWarnings', () => {
  it('caps the warnings with the given codes and passes every other line', () => {
    const lines: string[] = [];
    const write = (level: string) => (message: string) => lines.push(`${level}: ${message}`);
    const logger = { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
    const capped = createRateCappedLog({ write: logger.warn, what: 'mod warning', shown: 2, now: () => 0 });
    const served = withCappedWarnings(logger, new Set(['mod-failed']), capped);
    for (let index = 0; index < 5; index++) served.warn(`mod "flaky" failed for tool t${index} and was skipped: flaked [mod-failed]`);
    served.warn('upstream "x" is slow [mcp-upstream-timeout]');
    served.info('indexed 5 tools');
    capped.flush();
    expect(lines).toEqual([
      'warn: mod "flaky" failed for tool t0 and was skipped: flaked [mod-failed]',
      'warn: mod "flaky" failed for tool t1 and was skipped: flaked [mod-failed]',
      'warn: upstream "x" is slow [mcp-upstream-timeout]',
      'info: indexed 5 tools',
      'warn: 3 more mod warnings not logged in the last 60 s [mod-failed]',
    ]);
  });

  it('caps info lines with the given codes at level info: a flood of refused sessions (trial 3424)', () => {
    const lines: string[] = [];
    const write = (level: string) => (message: string) => lines.push(`${level}: ${message}`);
    const logger = { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
    const capped = createRateCappedLog({ write: logger.info, what: 'refused session', shown: 1, now: () => 0 });
    const served = withCappedWarnings(logger, new Set(['mcp-session-refused']), capped, 'info');
    for (let index = 0; index < 3; index++) served.info(`refused a new session from 127.0.0.1: all 4 sessions are busy; retry in 1 s [mcp-session-refused]`);
    served.warn('a warning [mcp-session-refused]');
    capped.flush();
    expect(lines).toEqual([
      'info: refused a new session from 127.0.0.1: all 4 sessions are busy; retry in 1 s [mcp-session-refused]',
      'warn: a warning [mcp-session-refused]',
      'info: 2 more refused sessions not logged in the last 60 s [mcp-session-refused]',
    ]);
  });
});
