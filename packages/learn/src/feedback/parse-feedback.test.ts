import { describe, expect, it } from 'vitest';
import { parseFeedbackText } from './parse-feedback.js';

describe('parseFeedbackText', () => {
  it('reads store events and eval-format lines, skipping blank lines and a BOM', () => {
    const text = '\ufeff{"query":"save it","called":"write_file","at":"2026-01-02T00:00:00Z"}\n\n{"query":"find x","relevant":["a","b"],"id":"q1"}\r\n';
    expect(parseFeedbackText(text)).toEqual({
      events: [
        { query: 'save it', called: ['write_file'], at: Date.parse('2026-01-02T00:00:00Z') },
        { query: 'find x', called: ['a', 'b'] },
      ],
      issues: [],
    });
  });

  it('reports corrupt lines with a code and line number, never their text, and keeps the rest', () => {
    const text = ['{"query":"ok","called":"a"}', '{"query":"secret tok', '[1,2]', '{"query":"","called":"a"}', '{"query":"x"}', '{"query":"y","called":"a","at":"soon"}'].join('\n');
    const { events, issues } = parseFeedbackText(text);
    expect(events).toEqual([{ query: 'ok', called: ['a'] }]);
    expect(issues.map((issue) => [issue.code, issue.line])).toEqual([
      ['feedback-invalid-line', 2],
      ['feedback-invalid-line', 3],
      ['feedback-invalid-line', 4],
      ['feedback-invalid-line', 5],
      ['feedback-invalid-line', 6],
    ]);
    expect(issues[0]!.message).not.toContain('secret');
  });

  it('refuses a numeric time in seconds (1970 as milliseconds), which compaction would drop as expired; ISO dates and milliseconds pass', () => {
    const text = ['{"query":"a","called":"t","at":1764583200}', '{"query":"b","called":"t","at":1764583200000}', '{"query":"c","called":"t","at":"1970-01-02T00:00:00Z"}'].join('\n');
    const { events, issues } = parseFeedbackText(text);
    expect(events.map((event) => event.query)).toEqual(['b', 'c']);
    expect(issues).toEqual([{ code: 'feedback-invalid-line', line: 1, message: expect.stringContaining('"at" looks like seconds since the epoch (1970-01-21 as milliseconds)') }]);
  });

  it('rejects a time no date holds (past 8.64e15 ms, or negative) as an invalid line, so the store never fails to write it', () => {
    const { events, issues } = parseFeedbackText(['{"query":"a","called":"t","at":1e20}', '{"query":"b","called":"t","at":-1}', '{"query":"c","called":"t","at":8.64e15}'].join('\n'));
    expect(events).toEqual([{ query: 'c', called: ['t'], at: 8.64e15 }]);
    expect(issues.map((issue) => [issue.code, issue.line])).toEqual([
      ['feedback-invalid-line', 1],
      ['feedback-invalid-line', 2],
    ]);
  });

  it('drops unknown tools with feedback-unknown-tool, keeping events with a known one (the issue says its line was kept)', () => {
    const text = '{"query":"q","called":["a","ghost"]}\n{"query":"r","called":"ghost"}';
    const { events, issues } = parseFeedbackText(text, { toolNames: new Map([['a', ['a']]]) });
    expect(events).toEqual([{ query: 'q', called: ['a'] }]);
    expect(issues.map((issue) => [issue.code, issue.line, issue.lineKept])).toEqual([
      ['feedback-unknown-tool', 1, true],
      ['feedback-unknown-tool', 2, undefined],
    ]);
  });

  it('drops a bare name two servers share, naming both tools to write instead', () => {
    const text = '{"query": "find", "called": ["search_issues", "Bash"]}\n';
    const candidates = ['mcp__github__search_issues', 'mcp__jira__search_issues'];
    const parsed = parseFeedbackText(text, { toolNames: new Map([['Bash', ['Bash']], ['search_issues', candidates]]) });
    expect(parsed.events).toEqual([{ query: 'find', called: ['Bash'] }]);
    expect(parsed.issues).toEqual([{ code: 'feedback-ambiguous-tool', line: 1, message: 'line 1: "search_issues" is a tool of 2 servers; name one as "mcp__github__search_issues" or "mcp__jira__search_issues"', lineKept: true, candidates }]);
  });

  it("reads a name of one tool as that tool's display name, so two spellings of one tool are one tool", () => {
    const text = '{"query": "bill acme", "called": ["create_invoice"]}\n{"query": "bill acme", "called": ["mcp__stripe__create_invoice", "create_invoice"]}\n';
    const parsed = parseFeedbackText(text, { toolNames: new Map([['create_invoice', ['mcp__stripe__create_invoice']], ['mcp__stripe__create_invoice', ['mcp__stripe__create_invoice']]]) });
    expect(parsed).toEqual({ events: [{ query: 'bill acme', called: ['mcp__stripe__create_invoice'] }, { query: 'bill acme', called: ['mcp__stripe__create_invoice'] }], issues: [] });
  });

  it('names up to three of the servers sharing a bare name, then an ellipsis', () => {
    const message = (servers: string[]): string | undefined =>
      parseFeedbackText('{"query": "find", "called": ["create_issue"]}\n', { toolNames: new Map([['create_issue', servers.map((server) => `mcp__${server}__create_issue`)]]) }).issues[0]?.message;
    expect(message(['github', 'jira', 'linear'])).toBe('line 1: "create_issue" is a tool of 3 servers; name one as "mcp__github__create_issue", "mcp__jira__create_issue", "mcp__linear__create_issue"');
    expect(message(['a', 'b', 'c', 'd'])).toBe('line 1: "create_issue" is a tool of 4 servers; name one as "mcp__a__create_issue", "mcp__b__create_issue", "mcp__c__create_issue", …');
  });
});
