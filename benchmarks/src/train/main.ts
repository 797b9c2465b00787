// Entry of `pnpm train`: trains the shipped re-ranking models (lexical, and
// with GloVe-SIF features) from ../shared/data/eval and writes them (or,
// with --check, compares them). Runs
// on the workspace's sources: `node --conditions=development --import tsx`.
import { parseArgs } from 'node:util';

const { writeFile } = await import('node:fs/promises');
const { resolveDataDir } = await import('../paths.js');
const { checkShippedModels, trainShippedModels } = await import('./shipped-model.js');

const usage = `Usage: pnpm train [-- --data DIR] [--check]
  --data DIR   eval data root (default: ../shared/data/eval from the repo root)
  --check      do not write; exit 1 when a committed model differs from a fresh run`;

let values;
try {
  ({ values } = parseArgs({ args: process.argv.slice(2).filter((arg) => arg !== '--'), options: { data: { type: 'string' }, check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } }));
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
  process.exit(2);
}
if (values.help === true) {
  process.stdout.write(`${usage}\n`);
  process.exit(0);
}
const { dataDir, exists } = resolveDataDir(values.data);
if (!exists) {
  process.stderr.write(`train: no eval data at ${dataDir} (pass --data DIR; the data is not part of the repository)\n`);
  process.exit(1);
}
const log = (line: string): void => void process.stderr.write(`[train] ${line}\n`);
if (values.check === true) {
  const { equal, detail } = await checkShippedModels(dataDir, log);
  process.stdout.write(`${detail}\n`);
  process.exit(equal ? 0 : 1);
}
for (const { path, text } of await trainShippedModels(dataDir, log)) {
  await writeFile(path, text);
  process.stdout.write(`wrote ${path} (${text.length} bytes)\n`);
}
