import { describe, expect, it } from 'vitest';
import type { FeedbackIssue } from '@loadout/learn';
import { countFeedbackSkips } from './read-feedback-file.js';

const unknown = (line: number, lineKept?: true): FeedbackIssue => ({ code: 'feedback-unknown-tool', line, message: `line ${line}: no tool`, ...(lineKept ? { lineKept } : {}) });

describe('countFeedbackSkips', () => {
  it('counts each skipped line once, and a tool dropped from a kept line as a tool, not a line', () => {
    const issues: FeedbackIssue[] = [
      { code: 'feedback-invalid-line', line: 1, message: 'line 1: not valid JSON' },
      unknown(2),
      unknown(2),
      unknown(3, true),
      unknown(3, true),
    ];
    expect(countFeedbackSkips(issues)).toEqual({ lines: 2, droppedTools: 2 });
    expect(countFeedbackSkips([])).toEqual({ lines: 0, droppedTools: 0 });
  });
});
