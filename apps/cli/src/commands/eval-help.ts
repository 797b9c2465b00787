import { BUILTIN_RANKER_NAMES, configHelp } from '../config/config-help.js';
import { MAX_FEEDBACK_HELP } from '../io/max-feedback-flag.js';

/** `loadout eval --help`. Every example runs as written from any folder (a test runs them). */
export const evalHelp = `loadout eval: measure a ranker's quality and speed on queries with known answers.

Usage:
  loadout eval [--tools FILE] [--queries FILE] [--ranker NAME] [--feedback FILE] [--json]

Computes Recall@5, NDCG@5 and MRR@10 (as defined by the eval data README,
honouring "relevant_groups"), plus p50/p99 query latency and index build time.
With no --tools, the config's "catalog", else the embedded demo catalog with the
queries the project wrote for it (examples/demo-queries.jsonl).

Files:
  --tools FILE     the catalog, as every command reads it: a JSON array of tools,
                   JSONL (one tool per line), or {"tools": [...]} (what catalog pull
                   writes); tools are {"name", "description", "inputSchema", "server"}
  --queries FILE   JSONL, one query per line: labelled {"query", "relevant": [tool
                   names], "id"?, "relevant_groups"?: [[names]]}, or usage events
                   {"query", "called": name | [names], "at"?} (a feedback store: the
                   tools called are the answers). Names are a tool's own name (when one
                   server has it) or its mcp__server__name

Options:
  --feedback FILE  past searches (same format as --queries: each line's gold tools
                   were called) to learn from first, as a deployment learns from its
                   log: the usage field (and the usage prior and a re-ranker, when the
                   ranker learns them) is fitted on the older lines and used only if it
                   beats the default on the newest held-out lines. The ranker must accept
                   usage (capabilities.usage in its definition, as bm25f's and rerank's);
                   learning builds on that ranker with its options
${MAX_FEEDBACK_HELP}
  --ranker NAME    ${BUILTIN_RANKER_NAMES},
                   or one the config's "rankers" adds (default: the config's "ranker",
                   else bm25f)
  --allow-failures exit 0 even when queries failed (the ranker threw or returned an
                   invalid result: ranker-invalid-result); by default such a run exits 1
  --json           print {"recall@5", "ndcg@5", "mrr@10", "queries", "p50Ms", "p99Ms", ...,
                   "learning"?: {"enabled", "reason", "baseline", "learned", ...}}
  --strict         exit 2 when a tool is invalid or skipped (nameless, duplicate, bad schema)
  --max-tools N    accept catalogs of up to N tools (default 10,000, the spec's limit)
  --config FILE    configuration file (default: ./loadout.config.json|.mjs|.js|.ts when present)
  -h, --help       show this help

${configHelp(['ranker', 'rankerOptions', 'rankers', 'plugins', 'mods', 'catalog'])}
The config's mods and plugins rewrite descriptions before indexing.

Examples:
  loadout eval
  loadout eval --ranker hybrid --json
  loadout eval --ranker wink-bm25 --allow-failures
`;
