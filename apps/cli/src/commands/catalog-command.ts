import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createLoadoutError } from '@loadout/core';
import { pullCatalog, readMcpConfig, type PullProgress } from '@loadout/mcp';
import type { Command } from './command.js';
import { integerFlag, parseArguments, stringFlag } from '../io/parse-arguments.js';

const help = `loadout catalog: build a catalog file from live MCP servers.

Usage:
  loadout catalog pull --config mcp.json [--out FILE] [--timeout MS]

Connects to every server of a Claude-style {"mcpServers": {...}} config once,
lists all their tools (following nextCursor), and writes the combined catalog
as an MCP snapshot {"mcpServers": {...}, "tools": {"<server>": {"tools": [...]}}}
that --catalog of the other commands reads. Progress goes to stderr. A server
that cannot be reached and a malformed tool are reported and left out; the
command fails (exit 1) only when no server could be listed. Commands,
environments and headers are not written (they may hold secrets).

Options:
  --config FILE   the servers: {"mcpServers": {"name": {"command", "args", "env"} |
                  {"type": "http", "url", "headers"}, "alwaysLoad"?}}; \${VAR} is
                  expanded from the environment
  --out FILE      write the catalog here (default: stdout)
  --timeout MS    longest wait for each server's handshake and tools page (default 10000)
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
      return `${event.server}: ${event.tools} tools${event.skipped > 0 ? ` (${event.skipped} malformed, skipped)` : ''}`;
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
    });
    if (parsed.values['help']) {
      context.stdout(help);
      return 0;
    }
    const [action, ...extra] = parsed.positionals;
    if (action !== 'pull' || extra.length > 0) {
      throw createLoadoutError('invalid-option', `expected "pull", got ${JSON.stringify(parsed.positionals.join(' '))} (see loadout catalog --help)`);
    }
    const configPath = stringFlag(parsed, 'config');
    if (configPath === undefined) throw createLoadoutError('invalid-option', '--config FILE is required (see loadout catalog --help)');
    const timeoutMs = integerFlag(parsed, 'timeout', { min: 1, max: 3_600_000 });
    const config = await readMcpConfig(resolve(context.cwd, configPath), { env: context.env });
    const result = await pullCatalog(config, {
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      onProgress: (event) => context.stderr(`catalog pull: ${describeProgress(event)}\n`),
    });
    for (const { server, problem } of result.skipped) context.stderr(`catalog pull: ${server}: skipped a malformed tool: ${problem}\n`);
    const text = `${JSON.stringify(result.snapshot, null, 2)}\n`;
    const out = stringFlag(parsed, 'out');
    if (out === undefined) {
      context.stdout(text);
    } else {
      try {
        await writeFile(resolve(context.cwd, out), text, 'utf8');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? String(error);
        throw createLoadoutError('invalid-option', `cannot write --out ${out}: ${code}`, { path: out });
      }
    }
    const servers = Object.keys(config.mcpServers).length;
    const listed = Object.keys(result.snapshot.tools).length;
    const tools = Object.values(result.snapshot.tools).reduce((sum, listing) => sum + listing.tools.length, 0);
    context.stderr(`catalog pull: ${tools} tools from ${listed} of ${servers} servers${out === undefined ? '' : ` written to ${out}`}\n`);
    for (const failure of result.failures) context.stderr(`catalog pull: not included: ${failure.server} (${failure.error})\n`);
    return servers > 0 && listed === 0 ? 1 : 0;
  },
};
