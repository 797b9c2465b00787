import type { ToolSearchAdapterDefinition } from '@loadout/core/adapter';
import { configHelp } from '../config/config-help.js';

/** The model `plan` assumes when `--model` is not given. */
export const DEFAULT_PLAN_MODEL = 'claude-sonnet-4-5';

/** Help lines are wrapped at this many columns. */
const WIDTH = 92;

/** Words of `text` on lines of at most `width - indent` characters, every line after the first indented by `indent` spaces. */
function wrap(text: string, indent: number, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && indent + line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

/** One entry per adapter, from its definition: name, package, how it searches, how loaded tools reach the model. */
function adapterLines(definitions: readonly ToolSearchAdapterDefinition[]): string {
  const column = Math.max(0, ...definitions.map((definition) => definition.name.length)) + 2;
  return definitions
    .map((definition) => `  ${definition.name.padEnd(column)}${wrap(`${definition.package}: ${definition.searchTool}. Found tools: ${definition.loadedBy}`, column + 2, WIDTH)}`)
    .join('\n');
}

/** `loadout plan --help`, listing the adapters the CLI has (its adapter list, loaded). */
export function planHelp(definitions: readonly ToolSearchAdapterDefinition[]): string {
  return `loadout plan: show what tool search would defer for a catalog, and why.

Usage:
  loadout plan [--catalog FILE] [--model M] [--env KEY=VALUE]... [options]

Prints the decision (on/off) and its reason, how many tools are upfront and
deferred, definition tokens per server, the auto threshold, and the trace of
every rule consulted. Without --catalog it plans the embedded demo catalog.

Options:
  --catalog FILE          tools as JSON (array or {"tools": [...]}), JSONL, or an
                          MCP snapshot {"mcpServers": {...}, "tools": {...}}
  --model M               model id in any provider's form (default ${DEFAULT_PLAN_MODEL})
  --provider P            anthropic | agent-platform | bedrock | foundry (default anthropic):
                          where Claude runs, for Claude's policy
  --adapter A             also render the first request of a Loadout adapter and count it:
                          ${wrap(definitions.map((definition) => definition.name).join(' | '), 26, WIDTH)}
                          (see "Adapters" below)
  --env KEY=VALUE         set a variable the policy reads; repeatable. ENABLE_TOOL_SEARCH,
                          CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS and ANTHROPIC_BASE_URL
                          are inherited from your shell unless --clean-env is given
  --clean-env             ignore those variables in your shell
  --sdk-version V         reproduce an older SDK's behaviour (e.g. 2.1.221)
  --context-window N      override the model's context window (tokens)
  --mods FILE             declarative mods: [{"plugin", "rules": [{"server", "tool", "isDeferred"}]}],
                          applied after the config's "mods"
  --config FILE           configuration file (default: ./loadout.config.json|.mjs|.js|.ts when present);
                          its "catalog", "mods" and "plugins" apply
  --no-config             ignore the current folder's loadout.config.*
  --hipaa                 the session carries a HIPAA configuration
  --strict                exit 2 on any warning: an invalid tool (instead of skipping it),
                          an invalid --env value, an unknown model or SDK version, …
  --max-tools N           accept catalogs of up to N tools (default 10,000, the spec's limit)
  --json                  print the full plan as JSON
  -h, --help              show this help

Warnings (skipped tools, ignored settings) go to stderr, and into "warnings"
and "issues" with --json.

Adapters (--adapter): the request's tools are built by the adapter's own code
and each definition's JSON is counted with tiktoken; the figures are what it
sends: bytes of "tools", tokens the model reads up front (the search tool and
the upfront tools; definitions sent with defer_loading are not read until a
search loads them), tokens kept deferred, and what a search costs.
${adapterLines(definitions)}
An adapter that plans with Claude's policy reads --model, --provider and --env;
the others defer every deferrable tool (their toolSearch default), Claude's
policy flags do not apply to them, and --json then has no "decision" (read
"toolSearch"). --json adds an "adapter" object: name, package, toolSearch,
searchTool, upfront, deferred, tokens {upfront, deferred, bytes, definitions,
deferredDefinitions} and search {limit, fixedTokens, perToolTokens,
typicalTokens, loadedBy}.

${configHelp(['plugins', 'mods', 'catalog'])}

Examples:
  loadout plan --catalog tools.json --env ENABLE_TOOL_SEARCH=auto:5
  loadout plan --model claude-opus-4-5@20251101 --provider agent-platform --json
  loadout plan --adapter ${definitions[0]?.name ?? 'NAME'}
`;
}
