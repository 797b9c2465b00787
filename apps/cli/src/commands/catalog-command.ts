import { createLoadoutError } from '@loadout/core';
import { pullCatalog, type PullProgress, type PulledSkip } from '@loadout/mcp';
import { readPullConfig } from './catalog-pull-config.js';
import type { Command } from './command.js';
import { integerFlag, parseArguments, stringFlag } from '../io/parse-arguments.js';
import { checkWritable } from '../io/check-writable.js';
import { CATALOG_SNAPSHOT_FILE } from '../io/catalog-snapshot-file.js';
import { guardOutputFile, writeOutputFile } from '../io/guard-output-file.js';

/** Exit code of a pull in which no server could be listed (nothing is written). */
export const EXIT_PULL_FAILED = 1;
/** How a pull's report line names each kind of entry it left out. */
const SKIP_WORDS: Record<PulledSkip['kind'], string> = { malformed: 'skipped a malformed tool', 'over-limit': 'skipped a tool over a limit', cut: 'listing cut short' };

/** Exit code of a pull in which some servers failed, without --allow-partial (nothing is written). */
export const EXIT_PULL_PARTIAL = 3;

const help = `loadout catalog: build a catalog file from live MCP servers.

Usage:
  loadout catalog pull [--config FILE] [--out FILE] [--timeout MS] [--allow-partial]

Connects to every server of a Claude-style {"mcpServers": {...}} config once,
lists all their tools (following nextCursor), and writes the combined catalog
as an MCP snapshot {"mcpServers": {...}, "tools": {"<server>": {"tools": [...]}}}
that --catalog of the other commands reads. Progress goes to stderr. A
malformed tool is reported and left out. Commands, environments and headers
are not written (they may hold secrets).

The output is all or nothing: the file is written to a temporary file and
renamed, so it is never half-written, and it is not touched at all when
  - no server could be listed: exit 1 [catalog-pull-failed];
  - some servers failed, or a server's listing was cut at a limit (over
    10,000 tools, or a tools page over 64 MiB): exit 3 [catalog-pull-partial],
    naming them; pass --allow-partial to write the tools of the servers that
    answered, and those before the cut (exit 0).
The same holds for stdout without --out: nothing is printed.

Options:
  --config FILE   the servers: {"mcpServers": {"name": {"command", "args", "env"} |
                  {"type": "http", "url", "headers"}, "alwaysLoad"?}}; \${VAR} is
                  expanded from the environment. A .json file (.mcp.json or
                  loadout.config.json), or a loadout.config.mjs|.js|.ts, as loadout
                  serve reads it (default: this folder's loadout.config.*, once
                  loadout trust was run there)
  --out FILE      write the catalog here (default: stdout); an existing FILE is replaced
                  only when it is an earlier snapshot, never when it is the --config
  --force         replace an --out FILE that is not a snapshot
  --timeout MS    longest wait for each server's handshake and tools page (default 10000)
  --allow-partial write the catalog even when some (not all) servers failed,
                  or a listing was cut at a limit
  -h, --help      show this help

Examples:
  loadout catalog pull --config .mcp.json --out tools.json
  loadout search "create an issue" --catalog tools.json
`;

function describeProgress(event: PullProgress): string {
  switch (event.step) {
    case 'connecting':
      return `${event.server}: connecting`;
    case 'listed':
      return `${event.server}: ${event.tools} tools${event.skipped > 0 ? ', some left out (below)' : ''}`;
    case 'failed':
      return `${event.server}: failed: ${event.error}`;
  }
}

/** `loadout catalog pull`: the combined tool catalog of live MCP servers, as a snapshot file. */
export const catalogCommand: Command = {
  name: 'catalog',
  help,
  async run(argv, context) {
    const parsed = parseArguments('catalog', argv, {
      config: { type: 'string' },
      out: { type: 'string' },
      timeout: { type: 'string' },
      'allow-partial': { type: 'boolean' },
      force: { type: 'boolean' },
    });
    if (parsed.values['help']) {
      context.stdout(help);
      return 0;
    }
    const [action, ...extra] = parsed.positionals;
    if (action !== 'pull' || extra.length > 0) {
      const got = action === undefined ? 'no subcommand' : JSON.stringify(parsed.positionals.join(' '));
      throw createLoadoutError('invalid-option', `expected "pull", got ${got}, e.g. loadout catalog pull --config .mcp.json (see loadout catalog --help)`);
    }
    const timeoutMs = integerFlag(parsed, 'timeout', { min: 1, max: 3_600_000 });
    const { config, path: configPath } = await readPullConfig(stringFlag(parsed, 'config'), context);
    // An --out that cannot be written fails before any server is contacted.
    const out = stringFlag(parsed, 'out');
    if (out !== undefined) {
      await checkWritable(out, context.cwd);
      // Never the config just read; another file only when it is an earlier snapshot (or --force).
      await guardOutputFile(out, context.cwd, CATALOG_SNAPSHOT_FILE, { force: parsed.values['force'] === true, protect: [configPath] });
    }
    const result = await pullCatalog(config, {
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      onProgress: (event) => context.stderr(`loadout catalog pull: ${describeProgress(event)}\n`),
    });
    for (const { server, kind, problem } of result.skipped) context.stderr(`loadout catalog pull: ${server}: ${SKIP_WORDS[kind]}: ${problem}\n`);
    const destination = out === undefined ? 'stdout' : out;
    const servers = Object.keys(config.mcpServers).length;
    const listed = Object.keys(result.snapshot.tools).length;
    const tools = Object.values(result.snapshot.tools).reduce((sum, listing) => sum + listing.tools.length, 0);
    const failed = result.failures.map((failure) => failure.server);
    if (listed === 0) {
      const why = servers === 0 ? 'the config lists no servers' : `no server could be listed (${failed.join(', ')})`;
      context.stderr(`loadout catalog: ${why}; nothing written to ${destination} [catalog-pull-failed]\n`);
      return EXIT_PULL_FAILED;
    }
    const cut = [...new Set(result.skipped.filter((skip) => skip.kind === 'cut').map((skip) => skip.server))];
    if (cut.length > 0 && !parsed.values['allow-partial']) {
      context.stderr(
        `loadout catalog: the listing of ${cut.join(', ')} was cut at a limit (above); nothing written to ${destination}; ` +
          `pass --allow-partial to write the tools before the cut [catalog-pull-partial]\n`,
      );
      return EXIT_PULL_PARTIAL;
    }
    if (failed.length > 0 && !parsed.values['allow-partial']) {
      context.stderr(
        `loadout catalog: ${failed.length} of ${servers} servers failed (${failed.join(', ')}); nothing written to ${destination}; ` +
          `pass --allow-partial to write the ${tools} tools of the other ${listed} [catalog-pull-partial]\n`,
      );
      return EXIT_PULL_PARTIAL;
    }
    const text = `${JSON.stringify(result.snapshot, null, 2)}\n`;
    if (out === undefined) context.stdout(text);
    else await writeOutputFile(out, context.cwd, CATALOG_SNAPSHOT_FILE, text, { force: parsed.values['force'] === true });
    context.stderr(`loadout catalog pull: ${tools} tools from ${listed} of ${servers} servers${out === undefined ? '' : ` written to ${out}`}\n`);
    for (const server of failed) context.stderr(`loadout catalog pull: not included: ${server} (--allow-partial)\n`);
    return 0;
  },
};
