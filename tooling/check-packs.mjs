#!/usr/bin/env node
// CI step (.ci/run): the tarballs of `pnpm packs` work outside the monorepo.
// Installs packs/*.tgz into a scratch npm project (without optional
// dependencies, as on a machine without a C++ toolchain), then runs the
// README's library snippet, every package README's js example (a
// `console.log(…); // text` line must print that text), the CLI via
// `npx --no-install loadout` (the --help examples of eval, learn and rankers
// as written, from an empty folder), and checks that the HNSW index reports
// what to install. @loadout/* come from the tarballs; third-party packages from the
// npm cache or registry (install time only).
// Usage: node tooling/check-packs.mjs [--keep]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const packs = join(root, 'packs');
const scratch = mkdtempSync(join(tmpdir(), 'loadout-packs-'));
let failures = 0;

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: scratch, encoding: 'utf8', ...options });
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}

function check(label, ok, detail = '') {
  process.stdout.write(`${ok ? 'ok  ' : 'FAIL'} ${label}${ok || detail === '' ? '' : `\n${detail}`}\n`);
  if (!ok) failures++;
}

/** The fenced code blocks of a Markdown file in the given languages. */
export function codeBlocks(markdown, languages) {
  const blocks = [];
  const fence = /^```(\w+)\n([\s\S]*?)^```$/gm;
  for (const match of markdown.matchAll(fence)) if (languages.includes(match[1])) blocks.push(match[2]);
  return blocks;
}

try {
  const tarballs = readdirSync(packs).filter((name) => name.endsWith('.tgz')).map((name) => join(packs, name));
  check(`packs/ holds tarballs (${tarballs.length})`, tarballs.length > 0);
  run('npm', ['init', '-y']);
  const install = run('npm', ['install', '--omit=optional', '--no-audit', '--no-fund', ...tarballs], { timeout: 600_000 });
  check('npm install ./packs/*.tgz into an empty npm project', install.status === 0, install.stderr.slice(-3000));

  const installed = join(scratch, 'node_modules', '@loadout');
  for (const name of readdirSync(installed)) {
    const folder = join(installed, name);
    const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8'));
    const targets = [];
    const collect = (value, conditions) => {
      if (typeof value === 'string') targets.push({ target: value, conditions });
      else if (value !== null && typeof value === 'object') for (const [key, inner] of Object.entries(value)) collect(inner, [...conditions, key]);
    };
    collect(manifest.exports ?? {}, []);
    collect(manifest.imports ?? {}, ['imports']);
    const broken = targets.filter(({ target, conditions }) => conditions.includes('development') || !existsSync(join(folder, target)));
    check(
      `@loadout/${name}: every export target is in the tarball, and no development (source) condition is left`,
      targets.length > 0 && broken.length === 0,
      broken.map(({ target, conditions }) => `  ${conditions.join(' > ')} -> ${target}`).join('\n'),
    );
  }

  /** A README block whose `console.log(…); // text` lines also fail when they print anything but `text`. */
  const withPrintedChecks = (block) =>
    `import { format as printed } from 'node:util';\n${block.replace(/^console\.log\((.*)\);[ \t]*\/\/[ \t]*(.+)$/gm, (_, args, said) => {
      const expected = JSON.stringify(said.trim());
      return `{ const line = printed(${args}); console.log(line); if (line !== ${expected}) { console.error(\`printed \${line}, the README says \${${expected}}\`); process.exitCode = 1; } }`;
    })}`;

  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const library = readme.slice(readme.indexOf('## Using the library'));
  const [snippet] = codeBlocks(library, ['ts']);
  writeFileSync(join(scratch, 'readme-library.mjs'), `${snippet}\nif (!['on', 'off'].includes(decision.toolSearch)) throw new Error('no decision');\nconsole.log(decision.toolSearch, decision.reason);\n`);
  const library1 = run(process.execPath, ['readme-library.mjs']);
  check('the README library snippet runs', library1.status === 0, library1.stderr);

  for (const folder of [...readdirSync(join(root, 'packages')).map((name) => join('packages', name)), 'apps/cli']) {
    let text;
    try {
      text = readFileSync(join(root, folder, 'README.md'), 'utf8');
    } catch {
      continue;
    }
    codeBlocks(text, ['js']).filter((block) => block.startsWith('import ')).forEach((block, index) => {
      const file = `${folder.replace(/\W+/g, '-')}-${index}.mjs`;
      writeFileSync(join(scratch, file), withPrintedChecks(block));
      const result = run(process.execPath, [file]);
      check(`${folder}/README.md example ${index + 1} runs`, result.status === 0, result.stderr);
    });
  }

  writeFileSync(
    join(scratch, 'my-tools.json'),
    JSON.stringify([
      { name: 'create_issue', server: 'github', description: 'Open a new issue in a repository' },
      { name: 'send_message', server: 'slack', description: 'Send a message to a channel' },
    ]),
  );
  const version = run('npx', ['--no-install', 'loadout', '--version']);
  check('npx --no-install loadout --version', version.status === 0 && version.stdout.trim() === '0.1.0', version.stderr);
  const search = run('npx', ['--no-install', 'loadout', 'search', 'open an issue', '--catalog', './my-tools.json', '--json']);
  let top;
  try {
    top = JSON.parse(search.stdout).hits[0]?.tool;
  } catch {
    top = undefined;
  }
  check('npx --no-install loadout search "open an issue" --catalog ./my-tools.json --json finds it', top === 'mcp__github__create_issue', search.stderr);
  const demo = run('bash', ['-c', 'npx --no-install loadout demo | head -1']);
  check('npx --no-install loadout demo | head -1', demo.status === 0 && demo.stdout.startsWith('Loadout demo') && !demo.stderr.includes(' at '), demo.stderr);

  // The --help examples that need no file of the user's run as written from an empty folder with the packed CLI
  // (the repo's help-examples test runs them against the sources, where examples/ exists).
  for (const command of ['eval', 'learn', 'rankers']) {
    const folder = join(scratch, `help-${command}`);
    mkdirSync(folder);
    const env = { ...process.env, PATH: `${join(scratch, 'node_modules', '.bin')}:${process.env.PATH}`, LOADOUT_CONFIG_HOME: join(folder, '.home') };
    const help = run('loadout', [command, '--help'], { cwd: folder, env });
    const examples = (help.stdout.split('\nExamples:\n')[1] ?? '').split('\n').map((line) => line.trim()).filter((line) => line.startsWith('loadout ') || line.startsWith('echo '));
    check(`loadout ${command} --help has examples`, help.status === 0 && examples.some((line) => line.startsWith('loadout ')), help.stderr);
    for (const line of examples) {
      const result = run('bash', ['-c', line], { cwd: folder, env, timeout: 300_000 });
      check(`from an empty folder, as written: ${line.length > 90 ? `${line.slice(0, 90)}…` : line}`, result.status === 0 && !result.stderr.includes('    at '), result.stderr.slice(-2000));
    }
  }

  writeFileSync(
    join(scratch, 'sdk.mjs'),
    [
      "import { createCatalog } from '@loadout/core';",
      "import { createBm25Ranker } from '@loadout/bm25';",
      "import { createToolSearch } from '@loadout/anthropic';",
      "import { createLoadoutSearchServer } from '@loadout/anthropic/agent';",
      "const catalog = createCatalog([{ name: 'get_weather', server: 'weather', description: 'Weather for a city' }]);",
      "createToolSearch({ catalog, ranker: createBm25Ranker(), policy: { model: 'claude-sonnet-4-5' } });",
      'try { createLoadoutSearchServer({ catalog, ranker: createBm25Ranker() }); console.log("built"); }',
      'catch (error) { console.log(error.code, error.message); }',
    ].join('\n'),
  );
  const sdk = run(process.execPath, ['sdk.mjs']);
  check(
    '@loadout/anthropic and /agent import without their optional peers; the Agent SDK helper says what to install',
    sdk.stdout.startsWith('unsupported-environment') && sdk.stdout.includes('@anthropic-ai/claude-agent-sdk'),
    sdk.stdout + sdk.stderr,
  );

  writeFileSync(
    join(scratch, 'hnsw.mjs'),
    [
      "import { createHnswIndex } from '@loadout/embeddings';",
      'try { createHnswIndex({ dimensions: 4 }).add?.([]); console.log("built"); }',
      "catch (error) { console.log(error.code, error.message); }",
    ].join('\n'),
  );
  const hnsw = run(process.execPath, ['hnsw.mjs']);
  const hnswOk = hnsw.stdout.startsWith('unsupported-environment') && hnsw.stdout.includes('hnswlib-node') && hnsw.stdout.includes('C++');
  check('without optional dependencies, HNSW fails with unsupported-environment naming what to install', hnswOk || hnsw.stdout.startsWith('built'), hnsw.stdout + hnsw.stderr);
} finally {
  if (!process.argv.includes('--keep')) rmSync(scratch, { recursive: true, force: true });
  else process.stdout.write(`scratch project kept at ${scratch}\n`);
}
process.stdout.write(failures === 0 ? 'packs: all checks passed\n' : `packs: ${failures} check(s) failed\n`);
process.exitCode = failures === 0 ? 0 : 1;
