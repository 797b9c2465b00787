// Build step of apps/cli: counts, with the real tokenizer, every text that
// `loadout demo` and `loadout plan` count for the embedded demo catalog, and
// writes them to dist/demo-token-counts.ldtc (sealed in the checksum frame), so those commands start
// without loading the tokenizer (see io/shared-token-counter.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { runCli } from '../run-cli.js';
import type { CliContext } from '../io/cli-context.js';
import { recordTokenCounts } from '../io/shared-token-counter.js';
import { encodeKnownTokenCounts, KNOWN_TOKEN_COUNTS_URL } from '../io/known-token-counts.js';

const silent: CliContext = { stdout: () => {}, stderr: () => {}, readStdin: async () => '', env: {}, cwd: process.cwd(), isTty: false };

const table = await recordTokenCounts(async () => {
  for (const argv of [['demo'], ['plan', '--clean-env']]) {
    const code = await runCli(argv, silent);
    if (code !== 0) throw new Error(`loadout ${argv.join(' ')} exited ${code}`);
  }
});
writeFileSync(KNOWN_TOKEN_COUNTS_URL, encodeKnownTokenCounts(table));
process.stdout.write(`${fileURLToPath(KNOWN_TOKEN_COUNTS_URL)}: ${Object.keys(table.counts).length} known token counts\n`);
