import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';
import { fakeContext } from './__fixtures__/fake-context.js';

// Every bad input the CLI must survive: the exit code, the stable code, and never a stack trace.

const folder = mkdtempSync(join(tmpdir(), 'loadout-bad-input-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function file(name: string, content: string | Buffer): string {
  const path = join(folder, name);
  writeFileSync(path, content);
  return path;
}

async function cli(argv: string[], env: Record<string, string> = {}) {
  const run = fakeContext({ cwd: folder, env });
  const code = await runCli(argv, run.context);
  const stderr = run.stderr();
  const stdout = run.stdout();
  expect(stderr + stdout).not.toMatch(/\n\s+at .+:\d+/);
  return { code, stdout, stderr };
}

const weather = { name: 'get_weather', server: 'weather', description: 'Current weather for a city' };
const good = file('good.json', JSON.stringify([weather]));

describe('policy settings are warnings on stderr, and exit 2 under --strict', () => {
  it.each([
    [['--env', 'ENABLE_TOOL_SEARCH=auto:150'], 'invalid-env'],
    [['--env', 'ENABLE_TOOL_SEARCH=auto:abc'], 'invalid-env'],
    [['--model', 'gpt-4o'], 'unknown-model'],
    [['--sdk-version', 'banana'], 'invalid-sdk-version'],
  ])('plan %j warns %s', async (flags, code) => {
    const lenient = await cli(['plan', '--clean-env', ...flags]);
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toContain(`[${code}]`);
    expect(lenient.stdout).not.toContain(`[${code}]`);
    const json = await cli(['plan', '--clean-env', '--json', ...flags]);
    expect((JSON.parse(json.stdout) as { warnings: { code: string }[] }).warnings.map((warning) => warning.code)).toContain(code);
    expect(json.stderr).toContain(`[${code}]`);
    const strict = await cli(['plan', '--clean-env', '--strict', ...flags]);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain(`[${code}]`);
    expect(strict.stderr).toContain('[strict-failed]');
    expect(strict.stdout).toBe('');
  });
});

describe('catalog files', () => {
  it.each([
    ['an empty file', () => file('empty.json', '')],
    ['whitespace', () => file('blank.json', ' \n\n')],
    ['an empty array', () => file('none.json', '[]')],
    ['/dev/null', () => '/dev/null'],
  ])('%s is catalog-empty, exit 2', async (_label, make) => {
    for (const command of ['plan', 'search']) {
      const run = await cli(command === 'search' ? ['search', 'weather', '--catalog', make()] : ['plan', '--catalog', make()]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('[catalog-empty]');
    }
  });

  it.each([
    ['UTF-16 LE with a BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(JSON.stringify([weather]), 'utf16le')]), 'utf-16le', 'UTF-16 LE'],
    ['UTF-16 BE with a BOM', Buffer.from([0xfe, 0xff, 0x00, 0x5b, 0x00, 0x5d]), 'utf-16be', 'UTF-16 BE'],
    ['UTF-16 LE without a BOM', Buffer.from(JSON.stringify([weather]), 'utf16le'), 'utf-16le', 'UTF-16 LE'],
    ['binary data', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48]), 'binary', 'binary'],
    ['invalid UTF-8', Buffer.from([0x5b, 0xc3, 0x28, 0x5d]), 'invalid-utf-8', 'not valid UTF-8'],
  ])('%s is file-not-text, naming the encoding and no bytes of it', async (_label, bytes, encoding, words) => {
    const path = file(`${encoding}.json`, bytes);
    const run = await cli(['search', 'weather', '--catalog', path, '--json']);
    expect(run.code).toBe(2);
    const error = (JSON.parse(run.stdout) as { error: { code: string; message: string; details: { encoding: string } } }).error;
    expect(error.code).toBe('file-not-text');
    expect(error.details.encoding).toBe(encoding);
    expect(error.message).toContain(words);
    expect(error.message).not.toContain('weather');
    const human = await cli(['plan', '--catalog', path]);
    expect(human.code).toBe(2);
    expect(human.stderr).toMatch(/^loadout plan: .* is not a UTF-8 text file: .* \[file-not-text\]\n$/);
  });

  it('malformed JSON names the line and column, never the text', async () => {
    const path = file('broken.json', '[\n  {"name": "get_weather", "description": "sk-live-SECRET123" oops}\n]');
    const run = await cli(['plan', '--catalog', path]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('line 2, column');
    expect(run.stderr).toContain('[catalog-invalid-json]');
    expect(run.stderr).not.toMatch(/SECRET|oops/);
  });

  it.each([
    ['mods', ['plan', '--mods'], '[{"plugin": "p", "token": "sk-SECRET" ]'],
    ['config', ['search', 'weather', '--config'], '{"ranker": "sk-SECRET" "x"}'],
  ])('a malformed %s file names the line and column, never the text', async (name, argv, text) => {
    const run = await cli([...argv, file(`${name}.json`, text)]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/line 1, column \d+/);
    expect(run.stderr).not.toContain('SECRET');
  });

  it('search reports skipped nameless and duplicate tools on stderr; --strict exits 2', async () => {
    const path = file('skips.json', JSON.stringify([weather, { description: 'no name' }, weather]));
    const lenient = await cli(['search', 'weather', '--catalog', path, '--json']);
    expect(lenient.code).toBe(0);
    expect(lenient.stderr).toContain('[catalog-missing-name]');
    expect(lenient.stderr).toContain('[catalog-duplicate-name]');
    const issues = (JSON.parse(lenient.stdout) as { issues: { code: string }[] }).issues.map((issue) => issue.code);
    expect(issues).toEqual(['catalog-missing-name', 'catalog-duplicate-name']);
    const strict = await cli(['search', 'weather', '--catalog', path, '--strict']);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toMatch(/\[catalog-(missing|duplicate)-name\]/);
  });

  it('more than 10,000 tools need --max-tools, for search and plan', async () => {
    const tools = Array.from({ length: 10_050 }, (_, index) => ({ name: `tool_${index}`, server: 's', description: `weather tool ${index}`, tokens: 10 }));
    const path = file('big.json', JSON.stringify(tools));
    const refused = await cli(['search', 'weather', '--catalog', path]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--max-tools');
    expect(refused.stderr).toContain('[catalog-too-large]');
    expect((await cli(['search', 'weather', '--catalog', path, '--max-tools', '20000'])).code).toBe(0);
    const plan = await cli(['plan', '--catalog', path, '--max-tools', '20000', '--clean-env']);
    expect(plan.code).toBe(0);
    expect(plan.stderr).toContain('[too-many-tools]');
    expect((await cli(['plan', '--catalog', path, '--max-tools', 'many'])).stderr).toContain('[invalid-option]');
  });
});

describe('terminal safety', () => {
  const hostile = {
    name: 'evil_tool',
    server: 'evil\u001b]0;owned\u0007',
    description: 'weather \u001b[2J\u001b]52;c;cm0gLXJmIH4=\u0007 and \u009b31m forecast \u007f',
  };
  const path = file('hostile.json', JSON.stringify([hostile, weather]));

  it.each([
    [['search', 'weather forecast', '--catalog', path]],
    [['search', 'weather forecast', '--catalog', path, '--explain']],
    [['search', 'weather forecast', '--catalog', path, '--json']],
    [['plan', '--catalog', path]],
    [['plan', '--catalog', path, '--json']],
  ])('%j prints no control character from the catalog', async (argv) => {
    const run = await cli(argv);
    expect(run.code).toBe(0);
    expect(run.stdout + run.stderr).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    if (argv.includes('--json')) expect(JSON.stringify(JSON.parse(run.stdout))).toContain('\\u001b[2J');
    else expect(run.stdout).toContain('\\u001b');
  });
});

describe('flags', () => {
  it('an unknown flag gets one prefix and a suggestion', async () => {
    const run = await cli(['plan', '--modle', 'x']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('loadout plan: unknown option --modle; did you mean --model? (see loadout plan --help) [invalid-option]\n');
  });

  it.each([
    [['demo', 'extra']],
    [['plan', '--catalog', 'good.json', 'tools.json']],
    [['serve', 'extra']],
  ])('%j: a command that takes no arguments rejects a stray one instead of ignoring it', async (argv) => {
    const run = await cli(argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const stray = argv.at(-1)!;
    expect(run.stderr).toBe(`loadout ${argv[0]}: unexpected argument "${stray}" (see loadout ${argv[0]} --help) [invalid-option]\n`);
  });

  it.each([
    [['learn', '--max-tools', '-1', 'f.jsonl'], 'max-tools', '1 to 1000000'],
    [['search', 'weather', '--limit', '-1'], 'limit', '1 to 100'],
    [['search', 'weather', '--max-tools', '-5'], 'max-tools', '1 to 1000000'],
    [['plan', '--context-window', '-200000'], 'context-window', '1 to 100000000'],
    [['plan', '--max-tools', '-0.5'], 'max-tools', '1 to 1000000'],
    [['catalog', 'pull', '--config', 'none.json', '--timeout', '-1'], 'timeout', '1 to 3600000'],
    [['serve', '--limit', '-1'], 'limit', '1 to 100'],
    [['serve', '--call-timeout', '-1e3'], 'call-timeout', '1 to 86400000'],
    [['serve', '--context-window', '-1'], 'context-window', '1 to 100000000'],
    [['serve', '--http', '0', '--max-body', '-1'], 'max-body', '1024 to 67108864'],
    [['serve', '--http', '0', '--max-sessions', '-3'], 'max-sessions', '1 to 10000'],
    [['serve', '--http', '0', '--session-idle-timeout', '-.5'], 'session-idle-timeout', '100 to 86400000'],
  ])('%j: a negative number is the option\'s value, reported with its range (not read as a flag)', async (argv, flag, range) => {
    const run = await cli(argv);
    expect(run.code).toBe(2);
    const value = argv[argv.indexOf(`--${flag}`) + 1]!;
    expect(run.stderr).toBe(`loadout ${argv[0]}: --${flag} must be an integer from ${range}, got ${JSON.stringify(value)} [invalid-option]\n`);
  });

  it('a negative number where no option takes it is an unknown option that says how to pass it', async () => {
    const run = await cli(['search', '-1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('loadout search: unknown option -1; an argument that starts with "-" goes after --, e.g. loadout search -- -1 (see loadout search --help) [invalid-option]\n');
    const { code } = await cli(['search', '--catalog', 'good.json', '--', '-1']);
    expect(code).toBe(0);
  });

  it('--http with a negative port names it', async () => {
    const run = await cli(['serve', '--http', '-1']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('loadout serve: --http must be PORT or HOST:PORT (e.g. 127.0.0.1:8765), got "-1" [invalid-option]\n');
  });

  it('policy names a file given without --input (it would otherwise wait on standard input), and --help still wins', async () => {
    const run = await cli(['policy', 'input.json']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout)).toEqual({ error: { code: 'invalid-option', message: 'unexpected argument "input.json" (see loadout policy --help)', details: { value: 'input.json' } } });
    const help = await cli(['plan', 'extra', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^loadout plan: /);
  });
});

describe('catalog pull never loses the old file', () => {
  // An earlier pull's snapshot: the only file --out replaces without --force (issue 34 item 1).
  const oldCatalog = `${JSON.stringify({ mcpServers: { weather: {} }, tools: { weather: { tools: [weather] } } }, null, 2)}\n`;
  const missing = { command: join(folder, 'no-such-server') };
  const upstream = { command: process.execPath, args: ['-e', 'process.exit(0)'] };

  it('all servers failing: exit 1, nothing on stdout, the old --out file byte-identical', async () => {
    const out = file('keep.json', oldCatalog);
    const config = file('bad-servers.json', JSON.stringify({ mcpServers: { a: missing, b: missing } }));
    const run = await cli(['catalog', 'pull', '--config', config, '--out', out, '--timeout', '3000']);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('[catalog-pull-failed]');
    expect(run.stderr).toContain('nothing written');
    expect(readFileSync(out, 'utf8')).toBe(oldCatalog);
    const toStdout = await cli(['catalog', 'pull', '--config', config, '--timeout', '3000']);
    expect(toStdout.code).toBe(1);
    expect(toStdout.stdout).toBe('');
  });

  it.each([
    ['a folder', 'a-folder-out', 'EISDIR', 'it is a folder'],
    ['a file in a missing folder', 'no-such-folder/out.json', 'ENOENT', 'the folder no-such-folder does not exist'],
    ['a file under a file', 'good.json/out.json', 'ENOTDIR', 'good.json is not a folder'],
  ])('an --out that is %s fails at once with file-unwritable, before any server is contacted', async (_, out, code, why) => {
    mkdirSync(join(folder, 'a-folder-out'), { recursive: true });
    const marker = join(folder, `contacted-${code}`);
    const config = file(`contact-${code}.json`, JSON.stringify({ mcpServers: { s: { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, '')`] } } }));
    const run = await cli(['catalog', 'pull', '--config', config, '--out', out]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`loadout catalog: cannot write ${out}: ${code} (${why}) [file-unwritable]\n`);
    expect(existsSync(marker)).toBe(false);
  });

  it('a config with no servers writes nothing', async () => {
    const out = file('keep-empty.json', oldCatalog);
    const run = await cli(['catalog', 'pull', '--config', file('no-servers.json', '{"mcpServers": {}}'), '--out', out]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('lists no servers');
    expect(readFileSync(out, 'utf8')).toBe(oldCatalog);
  });

  it('a server that exits at once counts as failed', async () => {
    const out = file('keep-exit.json', oldCatalog);
    const config = file('exits.json', JSON.stringify({ mcpServers: { quits: upstream } }));
    const run = await cli(['catalog', 'pull', '--config', config, '--out', out, '--timeout', '3000']);
    expect(run.code).toBe(1);
    expect(readFileSync(out, 'utf8')).toBe(oldCatalog);
    expect(existsSync(join(folder, '.keep-exit.json.tmp'))).toBe(false);
  });

  it('redacts expanded ${VAR} values from config errors', async () => {
    const config = file('secret.json', JSON.stringify({ mcpServers: { remote: { type: 'http', url: 'not a url ${API_KEY}' } } }));
    const run = await cli(['catalog', 'pull', '--config', config], { API_KEY: 'sk-live-VERYSECRET' });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('[mcp-invalid-config]');
    expect(run.stderr).toContain('${API_KEY}');
    expect(run.stderr).not.toContain('VERYSECRET');
    const malformed = await cli(['catalog', 'pull', '--config', file('secret-broken.json', '{"mcpServers": {"a": {"env": {"TOKEN": "sk-live-VERYSECRET" }}')]);
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/line 1, column \d+/);
    expect(malformed.stderr).not.toContain('VERYSECRET');
  });
});

describe('serve on a busy port', () => {
  it('fails with address-in-use before it starts any upstream', async () => {
    const blocker: Server = createServer();
    const port = await new Promise<number>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as { port: number }).port)));
    const marker = join(folder, 'upstream-started');
    const config = file(
      'serve.json',
      JSON.stringify({ mcpServers: { a: { command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'x')`] } } }),
    );
    try {
      const run = await cli(['serve', '--config', config, '--http', `127.0.0.1:${port}`]);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('[address-in-use]');
      expect(run.stderr).toContain(`127.0.0.1:${port}`);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(existsSync(marker)).toBe(false);
    } finally {
      blocker.close();
    }
  });
});
