import { createCatalog, isLoadoutError } from '@loadout/core';
import { describe, expect, it } from 'vitest';
import { parseEvalQueries } from './parse-eval-queries.js';

const { tools } = createCatalog([
  { name: 'create_issue', server: 'github', description: 'Open an issue' },
  { name: 'create_issue', server: 'jira', description: 'Open a ticket' },
  { name: 'send_message', server: 'slack', description: 'Post a message' },
  { name: 'Bash', kind: 'core', description: 'Run a command' },
]);
const options = { source: 'q.jsonl', tools, catalogLabel: 'tools.json' };

function failure(text: string): { code: string; message: string } {
  try {
    parseEvalQueries(text, options);
  } catch (error) {
    if (isLoadoutError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a LoadoutError');
}

describe('parseEvalQueries', () => {
  it('names a gold tool the catalog skipped as skipped, with why', () => {
    const skipped = new Map([['broken_tool', 'bad schema [catalog-invalid-schema]']]);
    expect(() => parseEvalQueries('{"query": "x", "relevant": ["broken_tool"]}', { ...options, skipped })).toThrow(
      expect.objectContaining({ code: 'unknown-tool', message: 'q.jsonl: line 1 (query "x") names the tool "broken_tool", which tools.json holds but skipped: bad schema [catalog-invalid-schema]' }),
    );
  });

  it('reads to the end and lists every line naming an unknown tool in one error', () => {
    const text = ['{"query": "a", "relevant": ["ghost"]}', '{"query": "b", "relevant": ["Bash"]}', '{"query": "c", "relevant": ["phantom", "Bash"]}', '{"query": "d", "called": "spectre"}'].join('\n');
    expect(() => parseEvalQueries(text, options)).toThrow(
      expect.objectContaining({
        code: 'unknown-tool',
        message:
          'q.jsonl: 3 lines name unknown tools (fix every one, then run again):' +
          '\n  line 1 (query "a") names the tool "ghost", which is not in tools.json' +
          '\n  line 3 (query "c") names the tool "phantom", which is not in tools.json' +
          '\n  line 4 (query "d") names the tool "spectre", which is not in tools.json',
      }),
    );
  });

  it('suggests the closest name a tool answers to for a name no tool has (the trial: mcp__fs__write_file for mcp__fs__fs.write_file)', () => {
    const catalog = createCatalog([...tools, { name: 'fs.write_file', server: 'fs', description: 'Write a file' }]).tools;
    expect(() => parseEvalQueries('{"query": "save", "relevant": ["mcp__fs__write_file"]}\n{"query": "x", "relevant": ["zzzzzz"]}', { ...options, tools: catalog })).toThrow(
      expect.objectContaining({
        message:
          'q.jsonl: 2 lines name unknown tools (fix every one, then run again):' +
          '\n  line 1 (query "save") names the tool "mcp__fs__write_file", which is not in tools.json; did you mean "mcp__fs__fs.write_file"?' +
          '\n  line 2 (query "x") names the tool "zzzzzz", which is not in tools.json',
      }),
    );
    // A name several servers share is never suggested: it would be refused in turn.
    expect(failure('{"query": "x", "relevant": ["create_issu"]}').message).toBe('q.jsonl: line 1 (query "x") names the tool "create_issu", which is not in tools.json');
  });

  it('counts two spellings of one tool (or one name twice) as one gold tool', () => {
    const text = '{"query": "post", "relevant": ["send_message", "mcp__slack__send_message", "send_message"]}\n{"query": "run", "called": ["Bash", "Bash"]}';
    expect(parseEvalQueries(text, options).map((query) => query.relevant)).toEqual([['mcp__slack__send_message'], ['Bash']]);
  });

  it('reads labelled lines and usage events alike, gold as display names', () => {
    const text = [
      '{"id": "a", "query": "post to slack", "relevant": ["send_message"]}',
      '',
      '{"query": "open a github issue", "called": "mcp__github__create_issue", "at": "2026-01-02T03:04:05Z"}',
      '{"query": "run ls", "called": ["Bash", "send_message"], "at": 1700000000000}',
      '{"query": "either", "relevant": ["Bash"], "relevant_groups": [["mcp__jira__create_issue", "mcp__github__create_issue"]]}',
    ].join('\n');
    expect(parseEvalQueries(text, options)).toEqual([
      { id: 'a', query: 'post to slack', relevant: ['mcp__slack__send_message'] },
      { id: 'q.jsonl:3', query: 'open a github issue', relevant: ['mcp__github__create_issue'] },
      { id: 'q.jsonl:4', query: 'run ls', relevant: ['Bash', 'mcp__slack__send_message'] },
      { id: 'q.jsonl:5', query: 'either', relevant: ['Bash'], relevantGroups: [['mcp__jira__create_issue', 'mcp__github__create_issue']] },
    ]);
  });

  it('reads the events of one search (same query text) as one query whose gold is every tool called; labelled lines stay one query each', () => {
    const text = [
      '{"query": "run ls", "called": "Bash", "at": 1700000000000}',
      '{"query": "post to slack", "called": "send_message", "at": 1700000001000}',
      '{"query": "run ls ", "called": ["send_message", "Bash"], "at": 1700000002000}',
      '{"query": "run ls", "called": "mcp__slack__send_message", "at": 1700000003000}',
      '{"query": "Run ls", "called": "Bash", "at": 1700000004000}',
      '{"query": "post to slack", "relevant": ["send_message"]}',
      '{"query": "post to slack", "relevant": ["Bash"]}',
    ].join('\n');
    expect(parseEvalQueries(text, options)).toEqual([
      { id: 'q.jsonl:1', query: 'run ls', relevant: ['Bash', 'mcp__slack__send_message'] },
      { id: 'q.jsonl:2', query: 'post to slack', relevant: ['mcp__slack__send_message'] },
      { id: 'q.jsonl:5', query: 'Run ls', relevant: ['Bash'] },
      { id: 'q.jsonl:6', query: 'post to slack', relevant: ['mcp__slack__send_message'] },
      { id: 'q.jsonl:7', query: 'post to slack', relevant: ['Bash'] },
    ]);
  });

  it.each([
    ['a catalog', JSON.stringify([{ name: 'Bash', description: 'Run' }], null, 2), 'catalog-invalid-json', 'the queries file q.jsonl is a catalog of tools, not queries: give it as the catalog, and as queries a file where queries are JSONL, one JSON object per line'],
    ['a catalog snapshot on one line', JSON.stringify({ tools: [{ name: 'Bash', description: 'Run' }] }), 'catalog-invalid-format', 'queries file q.jsonl: line 1: it has no "query" (the search text); the queries file q.jsonl is a catalog of tools, not queries'],
    ['an array of queries', JSON.stringify([{ query: 'run', relevant: ['Bash'] }]), 'catalog-invalid-format', `queries file q.jsonl: line 1: a query must be a JSON object (got an array of 1 item); the queries file q.jsonl is one JSON array, and queries are JSONL, one JSON object per line: {"query", "relevant": [names]} or {"query", "called", "at"} (an array of such objects becomes one with jq -c '.[]' q.jsonl)`],
    ['another JSON document', '{\n  "queries": []\n}', 'catalog-invalid-json', 'the queries file q.jsonl is one JSON document, and queries are JSONL, one JSON object per line'],
  ])('tells a JSON document (%s) that queries are JSONL, keeping the code', (_label, text, code, message) => {
    const error = failure(text);
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
  });

  it('gives a one-line file of one query the error of its line only, not the JSON document hint', () => {
    expect(failure('{"query": "x", "relevant": []}\n').message).toBe('queries file q.jsonl: line 1: "relevant" must be a non-empty list of tool names (got [])');
    // A key misspelt on the only line is that line's error, not "one JSON document".
    expect(failure('{"q": "weather", "relevant": ["Bash"]}').message).toBe('queries file q.jsonl: line 1: it has no "query" (the search text)');
  });

  it.each([
    ['an event naming a tool the catalog lacks', '{"query": "x", "called": "ghost", "at": 1700000000000}', 'unknown-tool', 'q.jsonl: line 1 (query "x") names the tool "ghost", which is not in tools.json'],
    ['a name two servers share', '{"query": "x", "relevant": ["create_issue"]}', 'unknown-tool', 'which 2 servers have; name one as "mcp__github__create_issue" or "mcp__jira__create_issue"'],
    ['a line of neither shape, saying what it lacks', '{"query": "x"}', 'catalog-invalid-format', 'queries file q.jsonl: line 1: it has no "relevant" (the tools that answer it, ["name", ...]) nor "called" (a usage event\'s tools)'],
    ['an empty query', '{"query": " ", "relevant": ["Bash"]}', 'catalog-invalid-format', 'queries file q.jsonl: line 1: "query" is empty: it must hold the search text'],
    ['an event with no query', '{"called": "Bash"}', 'catalog-invalid-format', 'queries file q.jsonl: line 1: needs "query" (the search text)'],
    ['an event with no tool, naming the field it used', '{"query": "x", "called": []}', 'catalog-invalid-format', 'queries file q.jsonl: line 1: "called" must be a tool name or a non-empty list of tool names (got [])'],
    ['an event whose "at" is no date', '{"query": "x", "called": "Bash", "at": "not a date"}', 'catalog-invalid-format', 'queries file q.jsonl: line 1: "at" must be an ISO date or milliseconds since the epoch (got "not a date")'],
    ['an event whose "at" is past any date', '{"query": "x", "called": "Bash", "at": 1e20}', 'catalog-invalid-format', 'queries file q.jsonl: line 1: "at" must be an ISO date or milliseconds since the epoch'],
    ['an event whose "at" is seconds', '{"query": "x", "called": "Bash", "at": 1764583200}', 'catalog-invalid-format', 'queries file q.jsonl: line 1: "at" looks like seconds since the epoch'],
    ['a labelled line whose "at" is no date', '{"query": "x", "relevant": ["Bash"], "at": "soon"}', 'catalog-invalid-format', 'queries file q.jsonl: line 1: "at" must be an ISO date'],
    ['a line that is not JSON', '{"query": ', 'catalog-invalid-json', 'queries file q.jsonl: invalid JSON at line 1'],
    ['no query at all', '\n\n', 'invalid-input', 'q.jsonl holds no queries'],
  ])('refuses %s with a coded error', (_label, text, code, message) => {
    const error = failure(text);
    expect(error.code).toBe(code);
    expect(error.message).toContain(message);
  });

  it('reads an event line exactly as learn reads a feedback line: what parseFeedbackText refuses, eval refuses with the same words', async () => {
    const { readUsageEvent } = await import('@loadout/core');
    for (const value of [{ query: 'x', called: 'Bash', at: 'not a date' }, { query: 'x', called: 'Bash', at: 1e20 }, { query: 'x', called: [] }, { query: ' ', called: 'Bash' }]) {
      const why = readUsageEvent(value);
      expect(typeof why).toBe('string');
      expect(failure(JSON.stringify(value))).toEqual({ code: 'catalog-invalid-format', message: `queries file q.jsonl: line 1: ${why as string}` });
    }
  });
});
