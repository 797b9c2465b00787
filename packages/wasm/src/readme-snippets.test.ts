import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// The README's Python, jco and QuickJS snippets, run as written from a fresh
// `npm init -y` folder (`"type": "commonjs"`, as npm 11 writes it) whose
// node_modules holds this package (built: `pnpm build`) and the snippets' libraries.

const root = fileURLToPath(new URL('../../../', import.meta.url));
const packageFolder = join(root, 'packages/wasm');
const readme = readFileSync(join(packageFolder, 'README.md'), 'utf8');
const LONG = 15 * 60_000;

function blocks(language: string): string[] {
  return [...readme.matchAll(/^```(\w+)\n([\s\S]*?)^```$/gm)].filter((match) => match[1] === language).map((match) => match[2]!);
}

const built = existsSync(join(packageFolder, 'dist/loadout.wasm')) && existsSync(join(packageFolder, 'dist/bundle/loadout-api.js'));
const hasWasmtime = spawnSync('python3', ['-c', 'import wasmtime.component'], { encoding: 'utf8' }).status === 0;

const folder = mkdtempSync(join(tmpdir(), 'loadout-wasm-readme-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
writeFileSync(join(folder, 'package.json'), '{"name": "fresh", "version": "1.0.0", "type": "commonjs"}\n');
const link = (name: string, target: string): void => {
  mkdirSync(join(folder, 'node_modules', name, '..'), { recursive: true });
  if (existsSync(target)) symlinkSync(target, join(folder, 'node_modules', name), 'dir');
};
link('@loadout/wasm', packageFolder);
link('@bytecodealliance/jco', join(packageFolder, 'node_modules/@bytecodealliance/jco'));
link('quickjs-emscripten', join(root, 'node_modules/quickjs-emscripten'));

function run(command: string, file: string, text: string): { status: number | null; stdout: string; stderr: string } {
  writeFileSync(join(folder, file), text);
  const result = spawnSync(command, [file], { cwd: folder, encoding: 'utf8', timeout: LONG });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe.skipIf(!built)('packages/wasm/README.md snippets, from a CommonJS npm folder', () => {
  it('exports the QuickJS bundle under @loadout/wasm/loadout-api.js', () => {
    const manifest = JSON.parse(readFileSync(join(packageFolder, 'package.json'), 'utf8')) as { exports: Record<string, unknown> };
    expect(manifest.exports['./loadout-api.js']).toBe('./dist/bundle/loadout-api.js');
  });

  it.skipIf(!hasWasmtime)('runs the Python snippet, a failure returned as a Record', { timeout: LONG }, () => {
    const [python] = blocks('python');
    expect(python).toContain('node_modules/@loadout/wasm/dist/loadout.wasm');
    const result = run('python3', 'snippet.py', python!);
    expect(result.stderr).toBe('');
    expect(result.stdout.trim().split('\n').at(-1)).toBe('True query-empty');
  });

  it('runs the jco and QuickJS snippets', { timeout: LONG }, () => {
    const [jco, quickjs] = blocks('javascript');
    const transpiled = run(process.execPath, 'jco.mjs', jco!);
    expect(transpiled.stderr).toBe('');
    expect(transpiled.stdout.trim().split('\n').at(-1)).toBe('query-empty');
    // What the README says jco does with numbers that are not u32s.
    const converted = run(
      process.execPath,
      'jco-u32.mjs',
      `import { pathToFileURL } from 'node:url';
const { api } = await import(pathToFileURL('loadout-jco/loadout.js').href);
const index = api.Index.fromCatalog('[{"name": "a", "description": "send"}]', 'tools.json');
for (const limit of [-1, 2 ** 32, 1.5, '5', 2 ** 32 + 5]) {
  try {
    console.log(JSON.parse(index.search('send', limit)).hits.length);
  } catch (error) {
    console.log(error.payload.code, error.payload.message.match(/got "(\\d+)"/)[1]);
  }
}
`,
    );
    expect(converted.stderr).toBe('');
    expect(converted.stdout.trim().split('\n')).toEqual(['invalid-option 4294967295', 'invalid-option 0', '1', '1', '1']);
    expect(readme).toContain('`-1` arrives as 4294967295 and\n`2 ** 32` as 0');
    const evaluated = run(process.execPath, 'quickjs.mjs', quickjs!);
    expect(evaluated.stderr).toBe('');
    expect(evaluated.stdout.trim().split('\n').at(-1)).toBe('invalid-input');
  });
});
