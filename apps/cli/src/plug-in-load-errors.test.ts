import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Trial-plugins items 2, 12, 13 and 17 (decision 3449): a syntax error said "Unexpected token '}'" with no place,
// a .ts one only "Transform failed with 1 error:", a broken config came under a plug-in's code, a .js ES module in a
// CommonJS folder leaked Node's warning, a folder named as a plug-in was EISDIR. The built CLI runs as a user runs it
// (under the test runner, import() is the runner's, with errors of its own); the line with the error holds a secret:
// no line of a file is ever shown.
const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
const root = mkdtempSync(join(tmpdir(), 'loadout-plug-in-load-errors-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const env = { PATH: process.env['PATH'] ?? '', NO_COLOR: '1', LOADOUT_CONFIG_HOME: join(root, 'home') };
const SECRET = 'sk-live-0123456789abcdef';
const broken = `const a = 1;\nexport default { name: 'x', token: '${SECRET}', hooks: { f( } };\n`;
const mod = (name: string) => `export default { name: ${JSON.stringify(name)}, hooks: { 'tool.describe': (event, next) => next() } };\n`;

let count = 0;
/** Runs `loadout search x --config CONFIG` in a fresh folder holding `files` (the first one is the config). */
function search(files: Record<string, string>): { status: number | null; stdout: string; stderr: string } {
  const folder = join(root, `case-${count++}`);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(folder, name)), { recursive: true });
    writeFileSync(join(folder, name), text);
  }
  const result = spawnSync(process.execPath, [main, 'search', 'x', '--config', Object.keys(files)[0]!], { cwd: folder, env, encoding: 'utf8', timeout: 60_000 });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('a plug-in or a config that does not load: one line saying where and why', () => {
  it.each<[string, Record<string, string>, string, RegExp]>([
    ['a mod file (.mjs) with a syntax error', { 'c.json': '{ "plugins": ["./syn.mjs"] }', 'syn.mjs': broken }, 'plugin-load-failed', /c\.json: plugins\[0\]: .*\/syn\.mjs:2:\d+: syntax error: Unexpected token '\}' \(got "\.\/syn\.mjs"\)/],
    ['a ranker module (.ts) with a syntax error', { 'c.json': '{ "ranker": "syn", "rankers": { "syn": "./syn.ts" } }', 'syn.ts': `export default {\n  limit: 3,, token: '${SECRET}',\n};\n` }, 'plugin-load-failed', /c\.json: rankers\.syn: .*\/syn\.ts:2:12: syntax error: Expected identifier but found "," \(got "\.\/syn\.ts"\)/],
    ['a CommonJS mod file with a syntax error', { 'c.json': '{ "plugins": ["./syn.cjs"] }', 'syn.cjs': `const a = 1;\nmodule.exports = { token: '${SECRET}', f( };\n` }, 'plugin-load-failed', /plugins\[0\]: .*\/syn\.cjs:2:\d+: syntax error: Unexpected token/],
    ['a mod file importing one with a syntax error', { 'c.json': '{ "plugins": ["./uses.mjs"] }', 'uses.mjs': "import './lib/syn.mjs';\nexport default [];\n", 'lib/syn.mjs': broken }, 'plugin-load-failed', /plugins\[0\]: .*\/lib\/syn\.mjs:2:\d+: syntax error: Unexpected token '\}' \(imported by .*\/uses\.mjs\) \(got "\.\/uses\.mjs"\)/],
    // Retrial (decision 3455): the multi-line .mjs missing its closing brace had no line; node --check says line 6.
    ['a multi-line .mjs missing its closing brace', { 'c.json': '{ "plugins": ["./open.mjs"] }', 'open.mjs': `export default {\n  name: 'open',\n  token: '${SECRET}',\n  hooks: {\n    'tool.describe'(e, n) { return n(); }\n  },\n` }, 'plugin-load-failed', /plugins\[0\]: .*\/open\.mjs:7: syntax error: Unexpected end of input \(got "\.\/open\.mjs"\)/],
    ['a regular expression with a syntax error', { 'c.json': '{ "plugins": ["./re.mjs"] }', 're.mjs': `const a = 1;\nconst re = /${SECRET}(/;\nexport default [];\n` }, 'plugin-load-failed', /plugins\[0\]: .*\/re\.mjs:2:\d+: syntax error: Invalid regular expression: Unterminated group \(got/],
    // Retrial (decision 3455): a named import of a .js ES module in a CommonJS folder was a "syntax error" of the
    // importer with Node's hint, which quotes the importing line (and its secret), over five lines.
    ['a named import of a .js ES module in a CommonJS folder', { 'c.json': '{ "plugins": ["./uses.mjs"] }', 'package.json': '{ "type": "commonjs" }', 'uses.mjs': `import { tag } from './helper.js'; const token = '${SECRET}';\nexport default [];\n`, 'helper.js': "export const tag = 'x';\n" }, 'esm-in-commonjs', /plugins\[0\]: .*\/helper\.js is an ES module in a CommonJS folder \(.*\/package\.json has no "type": "module"\): name it helper\.mjs, or add "type": "module" to .*\/package\.json \(got "\.\/uses\.mjs"\)/],
    ['a named import a CommonJS module lacks', { 'c.json': '{ "plugins": ["./uses.mjs"] }', 'uses.mjs': `import { tag } from './helper.cjs'; const token = '${SECRET}';\nexport default [];\n`, 'helper.cjs': 'module.exports = { other: 1 };\n' }, 'plugin-load-failed', /plugins\[0\]: .*\/uses\.mjs:1:10: syntax error: Named export 'tag' not found\. The requested module '\.\/helper\.cjs' is a CommonJS module, which may not support all module\.exports as named exports\. \(got/],
    ['a mod file whose throw has a second line', { 'c.json': '{ "plugins": ["./t.mjs"] }', 't.mjs': `throw new Error('boom at load\\nsecond line ${SECRET}');\n` }, 'plugin-load-failed', /plugins\[0\]: .*\/t\.mjs threw while loading: boom at load \(got/],
    ['a .js ES module mod file in a CommonJS folder', { 'c.json': '{ "plugins": ["./esm.js"] }', 'package.json': '{ "type": "commonjs" }', 'esm.js': mod('esm') }, 'esm-in-commonjs', /plugins\[0\]: .*\/esm\.js is an ES module in a CommonJS folder \(.*\/package\.json has no "type": "module"\): name it esm\.mjs, or add "type": "module" to .*\/package\.json \(got "\.\/esm\.js"\)/],
    // Decision 3460: a ranker module loads in its worker only (its module hooks serve the checked bytes): each failure says the same there.
    ['a ranker module (.mjs) with a syntax error', { 'c.json': '{ "ranker": "syn", "rankers": { "syn": "./syn.mjs" } }', 'syn.mjs': broken }, 'plugin-load-failed', /c\.json: rankers\.syn: .*\/syn\.mjs:2:\d+: syntax error: Unexpected token '\}' \(got "\.\/syn\.mjs"\)/],
    ['a .js ES module ranker in a CommonJS folder', { 'c.json': '{ "ranker": "esm", "rankers": { "esm": "./esm.js" } }', 'package.json': '{ "type": "commonjs" }', 'esm.js': "export default { specificationVersion: 'v1', name: 'esm', queryKind: 'keywords', create() {} };\n" }, 'esm-in-commonjs', /rankers\.esm: .*\/esm\.js is an ES module in a CommonJS folder \(.*\/package\.json has no "type": "module"\): name it esm\.mjs/],
    ['a ranker module importing a name a CommonJS module lacks', { 'c.json': '{ "ranker": "r", "rankers": { "r": "./r.mjs" } }', 'r.mjs': `import { tag } from './helper.cjs'; const token = '${SECRET}';\nexport default {};\n`, 'helper.cjs': 'module.exports = { other: 1 };\n' }, 'plugin-load-failed', /rankers\.r: .*\/r\.mjs:1:10: syntax error: Named export 'tag' not found\. The requested module '\.\/helper\.cjs' is a CommonJS module/],
    ['a ranker module whose throw has a second line', { 'c.json': '{ "ranker": "t", "rankers": { "t": "./t.mjs" } }', 't.mjs': `throw new Error('boom at load\\nsecond line ${SECRET}');\n` }, 'plugin-load-failed', /rankers\.t: .*\/t\.mjs threw while loading: boom at load \(got/],
    ['a .mjs config with a syntax error', { 'c.mjs': broken }, 'config-invalid', /^loadout search: .*\/c\.mjs:2:\d+: syntax error: Unexpected token '\}' \[/],
    ['a .ts config with a syntax error', { 'c.ts': 'export default {\n  limit: 3,,\n};\n' }, 'config-invalid', /^loadout search: .*\/c\.ts:2:12: syntax error: Expected identifier but found "," \[/],
    ['a config that throws', { 'c.mjs': 'throw new Error("no config today");\n' }, 'config-invalid', /^loadout search: .*\/c\.mjs threw while loading: no config today \[/],
    ['a .js ES module config in a CommonJS folder', { 'loadout.config.js': 'export default { limit: 2 };\n', 'package.json': '{ "type": "commonjs" }' }, 'esm-in-commonjs', /loadout\.config\.js is an ES module in a CommonJS folder .*: name it loadout\.config\.mjs, or add "type": "module" to .*\/package\.json \[/],
  ])('%s: exit 2, one line with its code, no line of the file, no warning of Node', (_, files, code, message) => {
    const run = search(files);
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(new RegExp(`^loadout search: [^\\n]*\\[${code}\\]\\n$`));
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toContain(SECRET);
    expect(run.stderr).not.toMatch(/Warning|\n\s+at /);
  });
});
