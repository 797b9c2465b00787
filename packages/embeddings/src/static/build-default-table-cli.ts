import { buildDefaultStaticTable } from './build-default-table.js';

const started = performance.now();
try {
  const result = await buildDefaultStaticTable(process.argv.includes('--force'));
  if (result === undefined) {
    console.log('@loadout/embeddings: word-vector table is up to date (pass --force to rebuild)');
  } else {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const megabytes = (result.bytes / 1_048_576).toFixed(1);
    console.log(`@loadout/embeddings: wrote ${result.output} (${result.words} words × ${result.dimensions}, ${megabytes} MB) in ${seconds} s`);
  }
} catch (error) {
  console.error(`@loadout/embeddings: cannot build the word-vector table: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
