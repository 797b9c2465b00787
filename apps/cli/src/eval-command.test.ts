import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { fakeContext } from './__fixtures__/fake-context.js';
import { isEvalReport } from './io/eval-report-file.js';

const tiny = fileURLToPath(new URL('../../../packages/eval/src/eval-set/__fixtures__/tiny/', import.meta.url));
const files = ['--tools', `${tiny}tools.jsonl`, '--queries', `${tiny}queries.dev.jsonl`];

// The first eval in a worker imports the command and its rankers from source: on a loaded machine that
// took over the 20 s a test has (CI, 2 cores). It is done once here, so the tests time the commands only.
beforeAll(async () => {
  await runCli(['eval', ...files, '--json'], fakeContext().context);
}, 120_000);

describe('loadout eval', () => {
  it('prints the documented JSON keys', async () => {
    const run = fakeContext();
    expect(await runCli(['eval', ...files, '--json'], run.context)).toBe(0);
    const result = JSON.parse(run.stdout()) as Record<string, number>;
    for (const key of ['recall@5', 'ndcg@5', 'mrr@10', 'queries', 'p50Ms', 'p99Ms']) expect(typeof result[key]).toBe('number');
    expect(result['recall@5']).toBeGreaterThan(0);
    expect(result['recall@5']).toBeLessThanOrEqual(1);
    // Phases under a second print no progress: stderr stays quiet on a small set.
    expect(run.stderr()).toBe('');
  });

  it('prints a readable summary with another ranker', async () => {
    const run = fakeContext();
    expect(await runCli(['eval', ...files, '--ranker', 'wink-bm25'], run.context)).toBe(0);
    expect(run.stdout()).toMatch(/Recall@5\s+\d+\.\d/);
    expect(run.stdout()).toContain('ranker wink-bm25');
  });

  it.each([
    [['eval', '--tools', `${tiny}tools.jsonl`], 'invalid-option'],
    [['eval', '--tools', `${tiny}missing.jsonl`, '--queries', `${tiny}queries.dev.jsonl`], 'file-not-found'],
    // A missing catalog is named first, before the missing --queries.
    [['eval', '--tools', `${tiny}missing.jsonl`], 'file-not-found'],
    [['eval', ...files, '--ranker', 'nope'], 'unknown-ranker'],
  ])('%j exits 2 with %s', async (argv, code) => {
    const run = fakeContext();
    expect(await runCli(argv, run.context)).toBe(2);
    expect(run.stderr()).toContain(`[${code}]`);
  });
});

describe('loadout eval compares rankers', () => {
  it('prints the --json contract of issue 29 for several rankers, the first the baseline', async () => {
    const run = fakeContext();
    expect(await runCli(['eval', '--ranker', 'bm25f,wink-bm25', '--misses', '2', '--json'], run.context)).toBe(0);
    const result = JSON.parse(run.stdout()) as Record<string, unknown> & { rankers: Record<string, unknown>[] };
    // Issue 29's keys, in its order; "warnings" (what the mods reported, decision 3451) added at the end.
    expect(Object.keys(result)).toEqual(['set', 'tools', 'queries', 'baseline', 'rankers', 'recommended', 'reason', 'warnings']);
    expect(result).toMatchObject({ set: 'demo', tools: 302, baseline: 'bm25f' });
    expect(result.rankers.map((row) => row['ranker'])).toEqual(['bm25f', 'wink-bm25']);
    for (const row of result.rankers) {
      expect(Object.keys(row)).toEqual(['ranker', 'recall@5', 'ndcg@5', 'mrr@10', 'p50Ms', 'p99Ms', 'buildMs', 'failedQueries', 'vsBaseline', 'misses']);
      const vs = (row['vsBaseline'] as Record<string, Record<string, number>>)['recall@5']!;
      expect(Object.keys(vs)).toEqual(['diff', 'low', 'high']);
      expect(vs['low']).toBeLessThanOrEqual(vs['diff']!);
      expect(vs['high']).toBeGreaterThanOrEqual(vs['diff']!);
      for (const miss of row['misses'] as Record<string, unknown>[]) expect(Object.keys(miss)).toEqual(['id', 'query', 'relevant', 'got']);
    }
    expect(result.rankers[0]!['vsBaseline']).toEqual({ 'recall@5': { diff: 0, low: 0, high: 0 } });
    expect(['bm25f', 'wink-bm25']).toContain(result['recommended']);
    expect(String(result['reason'])).toMatch(/Recall@5 points/);
  });

  it('prints one side-by-side table and the misses as text', async () => {
    const run = fakeContext();
    expect(await runCli(['eval', '--ranker', 'bm25f,wink-bm25', '--misses', '1'], run.context)).toBe(0);
    const text = run.stdout();
    expect(text).toMatch(/^demo: \d+ queries over 302 tools, 2 rankers\n/);
    expect(text).toMatch(/ranker\s+Recall@5\s+vs bm25f \(95% interval\)\s+NDCG@5\s+MRR@10\s+p50 ms\s+p99 ms\s+build ms\s+failed/);
    expect(text).toMatch(/\nbm25f\s+\d+\.\d\s+baseline/);
    expect(text).toMatch(/\nRecommended: (bm25f|wink-bm25)\. /);
    expect(text).toContain('Worst queries, wink-bm25:');
  });

  it('keeps the one-ranker JSON of today, adding misses only when asked', async () => {
    const run = fakeContext();
    expect(await runCli(['eval', '--ranker', 'bm25f', '--misses', '1', '--json'], run.context)).toBe(0);
    const result = JSON.parse(run.stdout()) as Record<string, unknown>;
    expect(Object.keys(result)).toEqual(['ranker', 'set', 'recall@5', 'ndcg@5', 'mrr@10', 'queries', 'p50Ms', 'p99Ms', 'buildMs', 'tools', 'failedQueries', 'misses', 'warnings']);
  });

  it('--misses 0 prints no misses section and adds no misses key, with one ranker or several', async () => {
    for (const rankers of ['bm25f', 'bm25f,wink-bm25']) {
      const text = fakeContext();
      expect(await runCli(['eval', '--ranker', rankers, '--misses', '0'], text.context)).toBe(0);
      expect(text.stdout()).not.toContain('Worst queries');
      const json = fakeContext();
      expect(await runCli(['eval', '--ranker', rankers, '--misses', '0', '--json'], json.context)).toBe(0);
      const result = JSON.parse(json.stdout()) as Record<string, unknown> & { rankers?: Record<string, unknown>[] };
      expect(Object.keys(result)).not.toContain('misses');
      for (const row of result.rankers ?? []) expect(Object.keys(row)).not.toContain('misses');
    }
  });

  it('--ranker all compares every ranker that takes words, leaving out pattern rankers with a note', async () => {
    const run = fakeContext();
    expect(await runCli(['eval', ...files, '--ranker', 'all', '--json'], run.context)).toBe(0);
    const names = (JSON.parse(run.stdout()) as { rankers: { ranker: string }[] }).rankers.map((row) => row.ranker);
    expect(names[0]).toBe('bm25f');
    expect(names).toContain('hybrid');
    expect(names).not.toContain('regex');
    expect(run.stderr()).toContain('leaving out regex: its queries are patterns, not words');
  });

  it('says nothing of in-sample figures for queries the shipped models were not trained on (the demo)', async () => {
    const run = fakeContext();
    expect(await runCli(['eval', '--ranker', 'bm25f,rerank'], run.context)).toBe(0);
    expect(run.stderr()).not.toContain('[eval-in-sample]');
    expect(run.stdout()).not.toContain('in-sample');
  });

  it('refuses --feedback with several rankers', async () => {
    const run = fakeContext();
    expect(await runCli(['eval', '--ranker', 'bm25f,hybrid', '--feedback', 'f.jsonl'], run.context)).toBe(2);
    expect(run.stderr()).toContain('--feedback learns for one ranker');
    // --help says so on the --feedback line itself.
    const help = fakeContext();
    expect(await runCli(['eval', '--help'], help.context)).toBe(0);
    expect(help.stdout()).toMatch(/\n {2}--feedback FILE {2}one ranker only \(with several --ranker names: invalid-option\)/);
  });
});

describe('loadout eval reads catalogs and queries as every command does', () => {
  const folder = mkdtempSync(join(tmpdir(), 'loadout-eval-read-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const tools = [
    { name: 'create_issue', server: 'github', description: 'Create a new issue in a GitHub repository' },
    { name: 'create_issue', server: 'jira', description: 'Create a Jira ticket' },
    { name: 'post_message', server: 'slack', description: 'Post a message to a Slack channel' },
  ];
  const write = (name: string, text: string): string => {
    writeFileSync(join(folder, name), text);
    return name;
  };
  write('tools.json', JSON.stringify(tools));
  write('tools.jsonl', tools.map((tool) => JSON.stringify(tool)).join('\n'));
  write('snapshot.json', JSON.stringify({ tools }));
  write('labelled.jsonl', '{"query": "open a github issue", "relevant": ["mcp__github__create_issue"]}\n{"query": "post in slack", "relevant": ["post_message"]}\n');
  write('events.jsonl', '{"query": "open a github issue", "called": "mcp__github__create_issue", "at": "2026-01-01T00:00:00Z"}\n{"query": "post in slack", "called": ["post_message"], "at": 1767225600000}\n');

  it.each([
    ['a JSON array', 'tools.json', 'labelled.jsonl'],
    ['JSONL', 'tools.jsonl', 'labelled.jsonl'],
    ['a {"tools": [...]} snapshot', 'snapshot.json', 'events.jsonl'],
  ])('%s, with labelled lines or usage events', async (_label, catalog, queries) => {
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', catalog, '--queries', queries, '--json'], run.context)).toBe(0);
    const result = JSON.parse(run.stdout()) as Record<string, number>;
    expect(result).toMatchObject({ tools: 3, queries: 2, 'recall@5': 1 });
    // The set is named after the queries file the reader gave, not the catalog's folder.
    expect(result['set']).toBe(queries.replace('.jsonl', ''));
  });

  it("names a set after the queries file's folder when the file is only called queries", async () => {
    mkdirSync(join(folder, 'mix'), { recursive: true });
    write('mix/queries.dev.jsonl', '{"query": "open a github issue", "relevant": ["mcp__github__create_issue"]}\n');
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', 'tools.json', '--queries', 'mix/queries.dev.jsonl', '--json'], run.context)).toBe(0);
    expect((JSON.parse(run.stdout()) as Record<string, unknown>)['set']).toBe('mix');
  });

  it('takes --catalog as search names it, the same as --tools (not both)', async () => {
    const run = fakeContext();
    expect(await runCli(['eval', '--catalog', `${tiny}tools.jsonl`, '--queries', `${tiny}queries.dev.jsonl`, '--json'], run.context)).toBe(0);
    expect((JSON.parse(run.stdout()) as { tools: number }).tools).toBeGreaterThan(0);
    const both = fakeContext();
    expect(await runCli(['eval', ...files, '--catalog', `${tiny}tools.jsonl`], both.context)).toBe(2);
    expect(both.stderr()).toContain('--tools and --catalog both name the catalog; give one [invalid-option]');
  });

  it("takes the config's catalog when no --tools is named", async () => {
    write('loadout.config.json', JSON.stringify({ catalog: 'tools.json' }));
    try {
      const run = fakeContext({ cwd: folder });
      expect(await runCli(['eval', '--queries', 'events.jsonl', '--json'], run.context)).toBe(0);
      expect(JSON.parse(run.stdout())).toMatchObject({ tools: 3, queries: 2 });
    } finally {
      rmSync(join(folder, 'loadout.config.json'));
    }
  });

  it('skips a duplicate tool with a warning, as search does, and applies --max-tools', async () => {
    write('dupes.json', JSON.stringify([...tools, tools[0]]));
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', 'dupes.json', '--queries', 'labelled.jsonl', '--json'], run.context)).toBe(0);
    expect(run.stderr()).toContain('[catalog-duplicate-name]');
    const small = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', 'tools.json', '--queries', 'labelled.jsonl', '--max-tools', '2'], small.context)).toBe(2);
    expect(small.stderr()).toContain('[catalog-too-large]');
  });

  it('refuses events naming a tool the catalog lacks', async () => {
    write('ghost.jsonl', '{"query": "x", "called": "ghost_tool", "at": 1767225600000}\n');
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', 'tools.json', '--queries', 'ghost.jsonl'], run.context)).toBe(2);
    expect(run.stderr()).toMatch(/ghost\.jsonl: line 1 .*names the tool "ghost_tool", which is not in tools\.json \[unknown-tool\]/);
  });

  it('lists every line naming an unknown tool in one error, exit 2, and writes no report', async () => {
    write('ghosts.jsonl', ['ghost_a', 'post_message', 'ghost_b', 'ghost_c'].map((name) => JSON.stringify({ query: `use ${name}`, relevant: [name] })).join('\n') + '\n');
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', 'tools.json', '--queries', 'ghosts.jsonl', '--report', 'ghosts.html'], run.context)).toBe(2);
    expect(run.stderr()).toMatch(/ghosts\.jsonl: 3 lines name unknown tools \(fix every one, then run again\):\n  line 1 .*"ghost_a".*\n  line 3 .*"ghost_b".*\n  line 4 .*"ghost_c", which is not in tools\.json \[unknown-tool\]\n$/);
    expect(readdirSync(folder)).not.toContain('ghosts.html');
  });

  it('names a gold tool the catalog holds but skipped as skipped, not as missing', async () => {
    write('bad-schema.json', JSON.stringify([...tools, { name: 'broken_tool', server: 'x', description: 'Broken', inputSchema: 'nope' }]));
    write('broken.jsonl', '{"query": "use the broken one", "relevant": ["broken_tool"]}\n');
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', 'bad-schema.json', '--queries', 'broken.jsonl'], run.context)).toBe(2);
    // The line ends with its own code (the skip's code sits before it, in the reason).
    expect(run.stderr()).toMatch(/names the tool "broken_tool", which bad-schema\.json holds but skipped: .*\[catalog-invalid-schema\] \[unknown-tool\]\n$/);
  });

  it.each([
    ['an "at" that is no date', '{"query": "x", "called": "post_message", "at": "not a date"}', '"at" must be an ISO date or milliseconds since the epoch (got "not a date")'],
    ['an "at" past any date', '{"query": "x", "called": "post_message", "at": 1e20}', '"at" must be an ISO date or milliseconds since the epoch (got 100000000000000000000)'],
    ['an empty "called"', '{"query": "x", "called": []}', '"called" must be a tool name or a non-empty list of tool names (got [])'],
  ])('refuses a usage event with %s in --queries as learn refuses it in a log (exit 2)', async (_label, line, why) => {
    write('bad-event.jsonl', `${line}\n`);
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', 'tools.json', '--queries', 'bad-event.jsonl'], run.context)).toBe(2);
    expect(run.stderr()).toBe(`loadout eval: queries file bad-event.jsonl: line 1: ${why} [catalog-invalid-format]\n`);
    expect(run.stdout()).toBe('');
    const learned = fakeContext({ cwd: folder });
    await runCli(['learn', 'bad-event.jsonl', '--catalog', 'tools.json', '--store', join(folder, 'bad-store.jsonl')], learned.context);
    expect(learned.stderr()).toContain(`bad-event.jsonl: line 1: ${why} [feedback-invalid-line]`);
    const json = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', 'tools.json', '--queries', 'bad-event.jsonl', '--json'], json.context)).toBe(2);
    expect(JSON.parse(json.stdout())).toMatchObject({ error: { code: 'catalog-invalid-format', message: `queries file bad-event.jsonl: line 1: ${why}` } });
  });

  it('warns once on stderr that queries over 500 characters are scored though search refuses them; figures and JSON keys unchanged', async () => {
    const long = `open a github issue ${'about the bug '.repeat(40)}`;
    write('long.jsonl', `{"query": ${JSON.stringify(long)}, "relevant": ["mcp__github__create_issue"]}\n{"query": "post in slack", "relevant": ["post_message"]}\n`);
    const warning = 'loadout eval: warning: 1 of 2 queries is longer than search and serve accept (500 characters); it is scored here, but a deployment refuses it [query-too-long]\n';
    const text = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', 'tools.json', '--queries', 'long.jsonl'], text.context)).toBe(0);
    expect(text.stderr()).toBe(warning);
    expect(text.stdout()).toMatch(/2 queries over 3 tools[^]*Recall@5\s+100\.0/);
    const one = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', 'tools.json', '--queries', 'long.jsonl', '--json'], one.context)).toBe(0);
    expect(one.stderr()).toBe(warning);
    expect(Object.keys(JSON.parse(one.stdout()) as object)).toEqual(['ranker', 'set', 'recall@5', 'ndcg@5', 'mrr@10', 'queries', 'p50Ms', 'p99Ms', 'buildMs', 'tools', 'failedQueries', 'warnings']);
    expect(JSON.parse(one.stdout())).toMatchObject({ 'recall@5': 1, failedQueries: 0 });
    // The coded warning is in --json's warnings too, as the mods' are.
    const entry = { code: 'query-too-long', message: '1 of 2 queries is longer than search and serve accept (500 characters); it is scored here, but a deployment refuses it' };
    expect((JSON.parse(one.stdout()) as { warnings: unknown }).warnings).toEqual([entry]);
    const several = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', 'tools.json', '--queries', 'long.jsonl', '--ranker', 'bm25f,wink-bm25', '--json'], several.context)).toBe(0);
    expect(several.stderr()).toBe(warning);
    expect(Object.keys(JSON.parse(several.stdout()) as object)).toEqual(['set', 'tools', 'queries', 'baseline', 'rankers', 'recommended', 'reason', 'warnings']);
    expect((JSON.parse(several.stdout()) as { warnings: unknown }).warnings).toEqual([entry]);
    const short = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', 'tools.json', '--queries', 'labelled.jsonl'], short.context)).toBe(0);
    expect(short.stderr()).toBe('');
  });

  it('warns of labelled lines that repeat a query and its answers (eval-repeated-queries), on stderr and in --json', async () => {
    const line = '{"query": "post in slack", "relevant": ["post_message"]}\n';
    write('repeated.jsonl', `${line}${line}${line}{"query": "post in slack", "relevant": ["mcp__github__create_issue"]}\n`);
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', 'tools.json', '--queries', 'repeated.jsonl', '--ranker', 'bm25f,wink-bm25', '--json'], run.context)).toBe(0);
    const message = "2 of 4 labelled lines repeat an earlier line's query and answers (1 query text listed more than once; 1 distinct): each text counts once in the intervals and the recommendation, as copies are not new evidence; the means still count every line";
    expect(run.stderr()).toBe(`loadout eval: warning: ${message} [eval-repeated-queries]\n`);
    const result = JSON.parse(run.stdout()) as { warnings: unknown; reason: string };
    expect(result.warnings).toEqual([{ code: 'eval-repeated-queries', message }]);
    // One distinct query: too few to tell rankers apart, whatever the number of lines.
    expect(result.reason).toContain('1 query is too few');
  });

  it('runs out of the box on the embedded demo catalog and its demo queries', async () => {
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--json'], run.context)).toBe(0);
    const result = JSON.parse(run.stdout()) as Record<string, number | string>;
    expect(result).toMatchObject({ set: 'demo', tools: 302 });
    expect(result['queries']).toBeGreaterThanOrEqual(40);
    expect(result['recall@5']).toBeGreaterThan(0.8);
  });
});

describe('loadout rankers', () => {
  it('lists every built-in ranker with capabilities and options, in text and --json', async () => {
    const json = fakeContext();
    expect(await runCli(['rankers', '--json'], json.context)).toBe(0);
    const listed = JSON.parse(json.stdout()) as { default: string; rankers: { name: string; capabilities: Record<string, unknown>; options: Record<string, Record<string, unknown>> }[] };
    expect(listed.default).toBe('bm25f');
    expect(listed.rankers.map((ranker) => ranker.name)).toEqual(expect.arrayContaining(['bm25f', 'wink-bm25', 'regex', 'static-embedding', 'hybrid', 'rerank', 'rerank-glove']));
    const bm25f = listed.rankers.find((ranker) => ranker.name === 'bm25f')!;
    expect(bm25f.options['k1']).toMatchObject({ type: 'number', default: 2, min: 0, max: 10 });
    expect(bm25f.capabilities).toMatchObject({ browserSafe: true, persistence: 'lbmf2' });
    const hybrid = listed.rankers.find((ranker) => ranker.name === 'hybrid')!;
    expect(hybrid.options['weights']!['properties']).toMatchObject({ lexical: { default: 0.75 }, semantic: { default: 0.25 } });
    const text = fakeContext();
    expect(await runCli(['rankers'], text.context)).toBe(0);
    expect(text.stdout()).toMatch(/^bm25f \(default\): /);
    expect(text.stdout()).toMatch(/\n {4}k1 +number, default 2, 0–10: term-frequency saturation/);
  });

  it("refuses an unknown nested key of the config's rankerOptions, naming its path", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'loadout-ranker-options-'));
    try {
      writeFileSync(join(folder, 'loadout.config.json'), JSON.stringify({ rankerOptions: { bm25: { k1x: 1.2 } } }));
      const run = fakeContext({ cwd: folder });
      expect(await runCli(['search', 'open an issue'], run.context)).toBe(2);
      expect(run.stderr()).toMatch(/unknown option "bm25\.k1x"; did you mean "k1"\? .*\[invalid-option\]/);
      writeFileSync(join(folder, 'loadout.config.json'), JSON.stringify({ rankerOptions: { k1: 1.2, fieldWeights: { name: 3 } } }));
      const good = fakeContext({ cwd: folder });
      expect(await runCli(['search', 'open an issue'], good.context)).toBe(0);
      // loadout rankers lists anyway, and says what the others refuse.
      writeFileSync(join(folder, 'loadout.config.json'), JSON.stringify({ rankerOptions: { k1: 99 } }));
      const listing = fakeContext({ cwd: folder });
      expect(await runCli(['rankers'], listing.context)).toBe(0);
      expect(listing.stdout()).toMatch(/^bm25f \(default\): /);
      expect(listing.stderr()).toMatch(/^loadout rankers: warning: the config's rankerOptions: .*k1 must be .*; search, eval, learn and serve refuse it \[invalid-option\]\n$/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('loadout eval --report writes only where the user meant', () => {
  const folder = mkdtempSync(join(tmpdir(), 'loadout-eval-report-guard-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const tools = JSON.stringify([
    { name: 'create_issue', server: 'github', description: 'Create a new issue in a GitHub repository' },
    { name: 'post_message', server: 'slack', description: 'Post a message to a Slack channel' },
  ]);
  const queries = '{"query": "open a github issue", "relevant": ["create_issue"]}\n';
  const events = '{"query": "post in slack", "called": "post_message", "at": 1}\n';
  const inputs: Record<string, string> = {
    't.json': tools,
    'q.jsonl': queries,
    'feedback.jsonl': events,
    'loadout.config.json': JSON.stringify({ ranker: 'bm25f' }),
    'my.config.json': JSON.stringify({ limit: 5 }),
    'other.json': '{"config": "precious"}',
    'notes.html': '<!doctype html>\n<html><head><title>my notes</title></head><body>mine</body></html>\n',
    'titled.html': '<!doctype html><title>loadout eval: my notes</title>Important!',
  };
  for (const [name, text] of Object.entries(inputs)) writeFileSync(join(folder, name), text);
  const listing = (): string[] => readdirSync(folder).sort();
  const eval_ = ['eval', '--tools', 't.json', '--queries', 'q.jsonl'];

  it.each([
    ['the queries', [...eval_, '--report', 'q.jsonl'], 'is the file this command reads'],
    ['the catalog (spelt another way)', [...eval_, '--report', './t.json'], 'is the file this command reads'],
    ['the feedback', [...eval_, '--feedback', 'feedback.jsonl', '--report', 'feedback.jsonl'], 'is the file this command reads'],
    ['the folder config', [...eval_, '--report', 'loadout.config.json'], 'is the file this command reads'],
    ['the --config file', [...eval_, '--config', 'my.config.json', '--report', 'my.config.json'], 'is the file this command reads'],
    ['an unrelated file', [...eval_, '--report', 'other.json'], 'exists and is not a loadout eval report'],
    ['an HTML page of the user', [...eval_, '--report', 'notes.html'], 'exists and is not a loadout eval report'],
    ['a page of the user titled like a report, without the generator tag', [...eval_, '--report', 'titled.html'], 'exists and is not a loadout eval report'],
    ['an input, before the inputs are read', ['eval', '--tools', 'missing.json', '--queries', 'q.jsonl', '--report', 'q.jsonl'], 'is the file this command reads'],
  ])('refuses %s: exit 2, nothing written', async (_label, argv, message) => {
    const before = listing();
    const run = fakeContext({ cwd: folder });
    expect(await runCli(argv, run.context)).toBe(2);
    expect(run.stderr()).toContain(message);
    expect(run.stderr()).toMatch(/\[file-overwrite-refused\]\n$/);
    expect(run.stdout()).toBe('');
    for (const [name, text] of Object.entries(inputs)) expect(readFileSync(join(folder, name), 'utf8')).toBe(text);
    expect(listing()).toEqual(before);
  });

  it('writes a new report, replaces an earlier one or an empty file', async () => {
    const first = fakeContext({ cwd: folder });
    expect(await runCli([...eval_, '--report', 'r.html'], first.context)).toBe(0);
    const page = readFileSync(join(folder, 'r.html'), 'utf8');
    expect(isEvalReport(page)).toBe(true);
    writeFileSync(join(folder, 'r.html'), page.replace('<h1>', '<h1>edited '));
    expect(await runCli([...eval_, '--report', 'r.html'], fakeContext({ cwd: folder }).context)).toBe(0);
    expect(readFileSync(join(folder, 'r.html'), 'utf8')).not.toContain('edited');
    writeFileSync(join(folder, 'empty.html'), '');
    expect(await runCli([...eval_, '--report', 'empty.html'], fakeContext({ cwd: folder }).context)).toBe(0);
    expect(isEvalReport(readFileSync(join(folder, 'empty.html'), 'utf8'))).toBe(true);
    rmSync(join(folder, 'r.html'));
    rmSync(join(folder, 'empty.html'));
  });

  it('recognises its reports by the generator tag alone, not by their title', () => {
    const marked = '<!doctype html>\n<html lang="en">\n<head>\n<meta name="generator" content="loadout eval">\n<title>loadout eval: demo</title>\n</head><body></body></html>\n';
    expect(isEvalReport(marked)).toBe(true);
    // A title is something a person can write: a page without the tag is the user's.
    expect(isEvalReport(marked.replace('<meta name="generator" content="loadout eval">\n', ''))).toBe(false);
    expect(isEvalReport(inputs['titled.html']!)).toBe(false);
    expect(isEvalReport(inputs['notes.html']!)).toBe(false);
    expect(isEvalReport(`${queries}<title>loadout eval: x</title></head>`)).toBe(false);
    expect(isEvalReport('<!doctype html><html><body><title>loadout eval: x</title>')).toBe(false);
  });
});

describe('loadout eval --feedback and --queries', () => {
  const folder = mkdtempSync(join(tmpdir(), 'loadout-eval-same-log-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const tools = [
    { name: 'create_issue', server: 'github', description: 'Create a new issue in a GitHub repository' },
    { name: 'post_message', server: 'slack', description: 'Post a message to a Slack channel' },
    { name: 'get_forecast', server: 'weather', description: 'Weather forecast for a city' },
  ];
  writeFileSync(join(folder, 't.json'), JSON.stringify(tools));
  const log = Array.from({ length: 12 }, (_, index) => JSON.stringify({ query: `${['open an issue', 'post in slack', 'rain tomorrow'][index % 3]} ${index}`, called: tools[index % 3]!.name, at: new Date(Date.UTC(2026, 0, 1 + index)).toISOString() })).join('\n') + '\n';
  mkdirSync(join(folder, '.loadout'));
  writeFileSync(join(folder, '.loadout', 'feedback.jsonl'), log);
  symlinkSync(join(folder, '.loadout', 'feedback.jsonl'), join(folder, 'linked.jsonl'));

  it.each([
    ['the same path', '.loadout/feedback.jsonl', '.loadout/feedback.jsonl'],
    ['two spellings', './.loadout/feedback.jsonl', '.loadout/../.loadout/feedback.jsonl'],
    ['a link to it', '.loadout/feedback.jsonl', 'linked.jsonl'],
  ])('refuses one file as both (%s) before any work, saying how to split a log', async (_label, feedback, queries) => {
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', 't.json', '--feedback', feedback, '--queries', queries], run.context)).toBe(2);
    expect(run.stderr()).toContain(`--feedback and --queries both name ${queries}`);
    expect(run.stderr()).toContain('older lines to --feedback, its newer ones to --queries');
    expect(run.stderr()).toMatch(/\[invalid-option\]\n$/);
    expect(run.stdout()).toBe('');
  });

  it('warns when many --queries lines are also --feedback lines, and not for a split log', async () => {
    writeFileSync(join(folder, 'copy.jsonl'), log);
    const copied = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', 't.json', '--feedback', '.loadout/feedback.jsonl', '--queries', 'copy.jsonl', '--json'], copied.context)).toBe(0);
    expect(copied.stderr()).toContain('warning: 12 of the 12 queries of copy.jsonl (100%) are searches .loadout/feedback.jsonl holds (the same query text, at any time)');
    const lines = log.trimEnd().split('\n');
    writeFileSync(join(folder, 'older.jsonl'), lines.slice(0, 8).join('\n'));
    writeFileSync(join(folder, 'newer.jsonl'), lines.slice(8).join('\n'));
    const split = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', 't.json', '--feedback', 'older.jsonl', '--queries', 'newer.jsonl', '--json'], split.context)).toBe(0);
    expect(split.stderr()).not.toContain('are searches');
    // --json says it too, under an added key; a split log holds none of the queries.
    expect((JSON.parse(split.stdout()) as { feedbackOverlap: unknown }).feedbackOverlap).toEqual({ shared: 0, total: 4 });
  });

  it('warns when the queries repeat the feedback\'s searches at other times (the trial: 12 of 26 texts, no warning), in --json and on the report', async () => {
    // The newer log asks the older one's searches again, each a week later.
    const later = log.trimEnd().split('\n').slice(0, 4).map((line) => {
      const event = JSON.parse(line) as { query: string; called: string; at: string };
      return JSON.stringify({ ...event, at: new Date(Date.parse(event.at) + 7 * 86_400_000).toISOString() });
    });
    writeFileSync(join(folder, 'repeats.jsonl'), `${later.join('\n')}\n${JSON.stringify({ query: 'a new search', called: 'get_forecast', at: '2026-03-01T00:00:00Z' })}\n`);
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['eval', '--tools', 't.json', '--feedback', '.loadout/feedback.jsonl', '--queries', 'repeats.jsonl', '--json', '--report', 'repeats.html'], run.context)).toBe(0);
    const warning = '4 of the 5 queries of repeats.jsonl (80%) are searches .loadout/feedback.jsonl holds (the same query text, at any time)';
    expect(run.stderr()).toContain(`loadout eval: warning: ${warning}`);
    const result = JSON.parse(run.stdout()) as Record<string, unknown> & { feedbackOverlap: { shared: number; total: number; warning: string } };
    // Every key of the contract is kept; feedbackOverlap is added.
    expect(Object.keys(result).sort()).toEqual(['buildMs', 'failedQueries', 'feedbackOverlap', 'learning', 'mrr@10', 'ndcg@5', 'p50Ms', 'p99Ms', 'queries', 'ranker', 'recall@5', 'set', 'tools', 'warnings']);
    expect(result.feedbackOverlap).toMatchObject({ shared: 4, total: 5 });
    expect(result.feedbackOverlap.warning).toMatch(new RegExp(`^${warning.replace(/[()]/g, '\\$&')}: .*overstate it`));
    expect(readFileSync(join(folder, 'repeats.html'), 'utf8')).toContain(`<div class="verdict caveat">${warning}`);
  });

  it('warns when the --queries lines are the --feedback lines with their times removed, or the other way round', async () => {
    const withoutTime = (line: string): string => {
      const { at: _at, ...event } = JSON.parse(line) as Record<string, unknown>;
      return JSON.stringify(event);
    };
    const untimed = log.trimEnd().split('\n').map(withoutTime).join('\n') + '\n';
    writeFileSync(join(folder, 'untimed.jsonl'), untimed);
    writeFileSync(join(folder, 'timed.jsonl'), log);
    for (const [feedback, queries] of [['untimed.jsonl', 'timed.jsonl'], ['timed.jsonl', 'untimed.jsonl']] as const) {
      const run = fakeContext({ cwd: folder });
      expect(await runCli(['eval', '--tools', 't.json', '--feedback', feedback, '--queries', queries, '--json'], run.context)).toBe(0);
      expect(run.stderr()).toContain(`warning: 12 of the 12 queries of ${queries} (100%) are searches ${feedback} holds`);
    }
  });
});

describe("loadout eval and the config's ranker", () => {
  const folder = mkdtempSync(join(tmpdir(), 'loadout-eval-configured-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  // A plug-in ranker with one bounded option: it lists the first tools of the catalog.
  writeFileSync(
    join(folder, 'first-n.mjs'),
    `export default { specificationVersion: 'v1', name: 'first-n', queryKind: 'keywords', options: { n: { type: 'integer', min: 1, max: 5, default: 1, description: 'tools listed' } },
  create: ({ n }) => { let tools = []; return { specificationVersion: 'v1', name: 'first-n', get size() { return tools.length; }, index(next) { tools = [...next]; }, add(more) { tools.push(...more); }, remove() {},
    search(_query, options = {}) { return tools.slice(0, Math.min(n, options.limit ?? 5)).map((tool, rank) => ({ tool, score: 1 / (1 + rank) })); } }; } };\n`,
  );
  // A plug-in whose create fails (a model it needs is missing).
  writeFileSync(
    join(folder, 'needs-model.mjs'),
    `export default { specificationVersion: 'v1', name: 'needs-model', queryKind: 'keywords', create: () => { throw new Error('no model file'); } };\n`,
  );
  const config = (value: object): string[] => {
    writeFileSync(join(folder, 'c.json'), JSON.stringify(value));
    return ['--config', 'c.json'];
  };
  const plugIn = { rankers: { 'first-n': './first-n.mjs' }, ranker: 'first-n' };

  it.each([
    ['bm25f with k1 out of range', { ranker: 'bm25f', rankerOptions: { k1: 11 } }, 'option k1 must be a number from 0 to 10, got 11'],
    ['hybrid with a misspelt nested key', { ranker: 'hybrid', rankerOptions: { weights: { lexcal: 0.5 } } }, 'unknown option "weights.lexcal"; did you mean "lexical"?'],
    ['a plug-in with an invalid option', { ...plugIn, rankerOptions: { n: 9 } }, 'option n must be an integer from 1 to 5, got 9'],
  ])('%s: exit 2 [invalid-option] before measuring, with one ranker, several or all', async (_label, value, message) => {
    const configured = (value as { ranker: string }).ranker;
    for (const rankers of [[], ['--ranker', configured], ['--ranker', `wink-bm25,${configured}`], ['--ranker', 'all']]) {
      const run = fakeContext({ cwd: folder });
      expect(await runCli(['eval', ...files, ...config(value), ...rankers], run.context), rankers.join(' ')).toBe(2);
      expect(run.stderr()).toContain(message);
      expect(run.stderr()).toMatch(/\[invalid-option\]\n$/);
      expect(run.stderr()).not.toContain('skipping');
      expect(run.stdout()).toBe('');
    }
  });

  it("labels the ranker run with the config's rankerOptions: bm25f {k1: 1} in the table, the misses and the report, options in --json", async () => {
    const options = config({ ranker: 'bm25f', rankerOptions: { k1: 1 } });
    const text = fakeContext({ cwd: folder });
    expect(await runCli(['eval', ...files, ...options, '--ranker', 'bm25f,wink-bm25', '--misses', '1', '--report', 'options.html'], text.context)).toBe(0);
    expect(text.stdout()).toMatch(/\nbm25f \{k1: 1\}\s+\d+\.\d\s+baseline/);
    expect(text.stdout()).toMatch(/\nwink-bm25\s+\d/);
    expect(text.stdout()).toMatch(/Worst queries, bm25f \{k1: 1\}/);
    expect(readFileSync(join(folder, 'options.html'), 'utf8')).toContain('<h3>bm25f {k1: 1}');
    const json = fakeContext({ cwd: folder });
    expect(await runCli(['eval', ...files, ...options, '--ranker', 'bm25f,wink-bm25', '--json'], json.context)).toBe(0);
    const rows = (JSON.parse(json.stdout()) as { rankers: Record<string, unknown>[] }).rankers;
    expect(rows.map((row) => [row['ranker'], row['options']])).toEqual([['bm25f', { k1: 1 }], ['wink-bm25', undefined]]);
    const one = fakeContext({ cwd: folder });
    expect(await runCli(['eval', ...files, ...options], one.context)).toBe(0);
    expect(one.stdout()).toContain('ranker bm25f {k1: 1}\n');
    const single = fakeContext({ cwd: folder });
    expect(await runCli(['eval', ...files, ...options, '--json'], single.context)).toBe(0);
    expect(JSON.parse(single.stdout())).toMatchObject({ ranker: 'bm25f', options: { k1: 1 } });
  });

  it("shows the config's ranker failing to build as the failed baseline of all, never dropped", async () => {
    const run = fakeContext({ cwd: folder });
    expect(await runCli(['eval', ...files, ...config({ rankers: { 'needs-model': './needs-model.mjs' }, ranker: 'needs-model' }), '--ranker', 'all', '--json'], run.context)).toBe(1);
    const result = JSON.parse(run.stdout()) as { baseline: string; queries: number; rankers: { ranker: string; failedQueries: number }[]; recommended: string };
    expect(result.baseline).toBe('needs-model');
    expect(result.rankers[0]).toMatchObject({ ranker: 'needs-model', failedQueries: result.queries });
    expect(run.stderr()).toContain('no model file');
    expect(run.stderr()).not.toContain('skipping');
  });

  it('--ranker all makes the config\'s ranker the baseline, listed first, and the reason speaks of it', async () => {
    const run = fakeContext({ cwd: folder });
    await runCli(['eval', ...files, ...config({ ...plugIn, rankerOptions: { n: 2 } }), '--ranker', 'all', '--json'], run.context);
    const result = JSON.parse(run.stdout()) as { baseline: string; rankers: { ranker: string }[]; reason: string };
    expect(result.baseline).toBe('first-n');
    expect(result.rankers.map((row) => row.ranker).slice(0, 2)).toEqual(['first-n', 'bm25f']);
    expect(result.rankers.filter((row) => row.ranker === 'first-n')).toHaveLength(1);
    expect(result.reason).toContain('first-n');
    expect(result.reason).not.toMatch(/keep bm25f/i);
    const built = fakeContext({ cwd: folder });
    expect(await runCli(['eval', ...files, ...config({ ranker: 'wink-bm25' }), '--ranker', 'all', '--json'], built.context)).toBe(0);
    expect((JSON.parse(built.stdout()) as { baseline: string }).baseline).toBe('wink-bm25');
  });
});

describe('loadout eval --queries <a feedback store>', () => {
  it('counts each search once, its answers every tool called after it', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'loadout-eval-store-'));
    try {
      writeFileSync(
        join(folder, 't.json'),
        JSON.stringify([
          { name: 'get_forecast', server: 'weather', description: 'Weather forecast for a city: rain, storm, sun tomorrow' },
          { name: 'get_alerts', server: 'weather', description: 'Storm warning alerts for a region' },
          { name: 'post_message', server: 'slack', description: 'Post a message to the team in a Slack channel' },
        ]),
      );
      const at = (minute: number): string => `2026-01-01T00:${String(minute).padStart(2, '0')}:00Z`;
      const events = [
        { query: 'storm warning for paris', called: 'get_forecast', at: at(1) },
        { query: 'storm warning for paris', called: 'get_alerts', at: at(2) },
        { query: 'tell the team in slack', called: 'post_message', at: at(3) },
        { query: 'storm warning for paris', called: ['get_forecast'], at: at(4) },
        { query: 'tell the team in slack', called: 'post_message', at: at(5) },
        { query: 'rain tomorrow', called: 'get_forecast', at: at(6) },
      ];
      writeFileSync(join(folder, 'store.jsonl'), events.map((event) => JSON.stringify(event)).join('\n') + '\n');
      const run = fakeContext({ cwd: folder });
      expect(await runCli(['eval', '--tools', 't.json', '--queries', 'store.jsonl', '--misses', '3', '--json'], run.context)).toBe(0);
      const result = JSON.parse(run.stdout()) as { queries: number; misses: { query: string; relevant: string[] }[] };
      expect(result.queries).toBe(3);
      // Both tools called after the storm search are its answers: neither coming first is a miss.
      expect(result.misses.filter((miss) => miss.query === 'storm warning for paris')).toEqual([]);
      const text = fakeContext({ cwd: folder });
      expect(await runCli(['eval', '--tools', 't.json', '--queries', 'store.jsonl'], text.context)).toBe(0);
      expect(text.stdout()).toMatch(/: 3 queries over 3 tools, ranker bm25f\n/);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
