import { BUILTIN_RANKER_NAMES, configHelp } from '../config/config-help.js';
import { MAX_FEEDBACK_HELP } from '../io/max-feedback-flag.js';
import { MIN_QUERIES_TO_SWITCH } from '@loadout/eval';
import { DEFAULT_MAX_QUERY_LENGTH } from '@loadout/core';

/** `loadout eval --help`. Every example runs as written from any folder (a test runs them). */
export const evalHelp = `loadout eval: measure rankers' quality and speed on queries with known answers, and
pick one.

Usage:
  loadout eval [--tools FILE] [--queries FILE] [--ranker NAME[,NAME...]|all]
               [--misses N] [--report FILE.html] [--feedback FILE] [--json]

Computes Recall@5, NDCG@5 and MRR@10 (as defined by the eval data README,
honouring "relevant_groups"), plus p50/p99 query latency and index build time.
With several rankers, each answers the same queries and one table compares them:
each ranker's Recall@5 against the first one named (the baseline), with a paired
bootstrap 95% interval of the per-query difference (2,000 resamples, fixed seed;
a query text listed several times is drawn as one query, so copies cannot narrow
it), and a recommendation: the baseline, unless another ranker's interval lies
above 0 (its low end at least +0.1 as printed; a bound that rounds to zero prints
as 0.0); then the best such ranker. Two within 1 point (or one query) cannot be
told apart: the higher mean is named, unless the other is at least 1.5× faster
beyond noise (the 95% interval of its per-query speed ratio at or above 1.5×).
The baseline is held to the same rule, so the order of --ranker does not change
the pick: a ranker within 1 point of the baseline, either side, and 1.5× faster
is switched to; a baseline within 1 point of the best and 1.5× faster than it is
kept; within 1 point and neither faster, the baseline stays. On fewer than
${MIN_QUERIES_TO_SWITCH} distinct queries no switch is recommended (the set is too small to tell),
unless the baseline failed queries: then the best ranker that answered every one.
A ranker running a shipped model, on queries it was trained on (10% of them or
more: the eval-in-sample warning), is never chosen, and the reason says so; when
it is the baseline, the reason says its figures are inflated.
Rankers are timed alike wherever they are listed: each indexes the catalog twice
(the second round in reverse order; the faster counts), and each query is answered
by every ranker in turn, so warm-up, caches and the machine's load fall on all.
With no --tools, the config's "catalog", else the embedded demo catalog with the
queries the project wrote for it (they ship with the CLI as dist/demo-queries.jsonl
of the loadout package).

Files:
  --tools FILE     the catalog, as every command reads it (--catalog FILE, as search
                   names it, is the same): a JSON array of tools, JSONL (one tool per
                   line), {"tools": [...]}, or an MCP snapshot {"mcpServers": {...},
                   "tools": {SERVER: {"tools": [...]}}} (what catalog pull writes);
                   tools are {"name", "description", "inputSchema", "server"}
  --queries FILE   JSONL, one query per line: labelled {"query", "relevant": [tool
                   names], "id"?, "relevant_groups"?: [[names]]}, or usage events
                   {"query", "called": name | [names], "at"?} (a feedback store: the
                   tools called are the answers). Events with the same query text are
                   one search, counted once: one query whose answers are every tool
                   called after it; each labelled line is one query (a line repeating
                   an earlier one's text and answers is scored, with a warning,
                   eval-repeated-queries, and its text drawn once in the intervals
                   and the recommendation). Names are a tool's
                   own name (when one server has it) or its mcp__server__name; names no
                   tool has are one error listing every such line (unknown-tool, exit 2). Queries
                   longer than search accepts (${DEFAULT_MAX_QUERY_LENGTH} characters) are scored here, with a
                   warning (query-too-long) that a deployment refuses them

Options:
  --feedback FILE  one ranker only (with several --ranker names: invalid-option): past
                   searches (same format as --queries: each line's gold tools were
                   called) to learn from first, as a deployment learns from its log
                   (or a postgres:// URL: the events of that store, as search --feedback
                   names it; another URL is invalid-option, its password masked):
                   the usage field (and a re-ranker, when the ranker learns a model) is
                   fitted and used only if it beats the default on
                   held-out lines (the newest when every line has an "at", else seeded
                   random folds; the report says which). The ranker must accept
                   usage (capabilities.usage in its definition, as bm25f's and rerank's);
                   learning builds on that ranker with its options. Never the --queries
                   file itself (invalid-option): to score a deployment's own log, give its
                   older lines to --feedback and its newer ones to --queries; a warning
                   (also --json's "feedbackOverlap" and the report) says when 10% or more
                   of the queries are searches --feedback holds (the same text, at any time).
                   Bad lines are reported and skipped; a FILE with no usable line exits 2
                   before anything is measured, as loadout learn does: feedback-empty
                   (empty, or every line skipped), feedback-too-large (over --max-feedback)
${MAX_FEEDBACK_HELP}
  --ranker NAMES   one ranker, or several as a,b,c (the first is the baseline), or all
                   alone (every ranker this environment can build, the config's included;
                   the config's "ranker" first, as the baseline, else bm25f; one that
                   cannot be built, such as a plug-in whose module does not load, is
                   left out with a warning, also in --json's "warnings"):
                   ${BUILTIN_RANKER_NAMES},
                   or one the config's "rankers" adds (default: the config's "ranker",
                   else bm25f). The config's "rankerOptions" apply to its "ranker" only;
                   invalid ones are refused (invalid-option, exit 2) whenever that
                   ranker is evaluated
  --misses N       also print each ranker's N worst queries (0-1000; 0: none, and no
                   "misses" key): the query, the expected tools, what came first, and,
                   when that was an expected one, the expected tools the top 5 missed
  --report FILE    write one self-contained HTML page (no script, no network): Recall@5
                   with its interval per ranker, the latency distribution, the misses.
                   An existing FILE is replaced only when it is empty or an earlier
                   report of loadout eval (its <meta name="generator" content="loadout
                   eval">); any other file, and always the catalog, the
                   queries, the feedback or the config this command reads, is refused
                   before anything runs (file-overwrite-refused, exit 2; no --force:
                   remove the file first if it should go)
  --allow-failures exit 0 even when queries failed (a ranker threw or returned an invalid
                   result: ranker-invalid-result); by default such a run exits 1, after
                   printing everything
  --json           one ranker: {"recall@5", "ndcg@5", "mrr@10", "queries", "p50Ms", "p99Ms", ...,
                   "options"?, "learning"?: {...}, "misses"?: [...], "feedbackOverlap"?:
                   {"shared", "total", "warning"?} (with --feedback), "inSample"?,
                   "warnings"}; several: {"set", "tools", "queries", "baseline",
                   "rankers": [{"ranker", "recall@5", "ndcg@5", "mrr@10", "p50Ms", "p99Ms",
                   "buildMs", "failedQueries", "vsBaseline": {"recall@5": {"diff", "low",
                   "high"}}, "misses"?: [{"id", "query", "relevant", "got", "error"?: {"code",
                   "message"} (a failed search)}], "firstError"?: {"code", "message"} (when
                   a query failed), "inSample"?: true (scored on its model's training
                   queries), "options"?: {...} (the config's rankerOptions it ran with,
                   labelled "bm25f {k1: 1}" in the text and the report)}], "recommended",
                   "reason", "warnings"}; "set": the queries file's name without .jsonl, or
                   its folder's for queries*.jsonl ("demo" for the demo queries); "warnings": [{"code", "message"}], every warning printed
                   on stderr with a code: the config's mods' (mod-failed, …), and eval's
                   own (query-too-long, eval-repeated-queries, eval-in-sample)
  --strict         exit 2 when a tool is invalid or skipped (nameless, duplicate, bad schema)
  --max-tools N    accept catalogs of up to N tools (default 10,000, the spec's limit)
  --config FILE    configuration file (default: ./loadout.config.json|.mjs|.js|.ts when present)
  --no-config      ignore the current folder's loadout.config.*
  -h, --help       show this help

${configHelp(['ranker', 'rankerOptions', 'rankers', 'plugins', 'mods', 'catalog'])}
The config's mods and plugins rewrite descriptions before indexing; a mod that
fails for a tool is skipped and reported on stderr (and in "warnings" with --json).

rerank and rerank-glove run models that loadout's build fitted on the dev queries
of the bundled eval sets; when 10% or more of the queries are ones they were trained
on, a warning (eval-in-sample) and a note say their figures are in-sample: judge
them on queries of your own (--queries FILE).

Progress of phases over a second goes to stderr; stdout stays clean for --json.
Each ranker's indexing is said as it starts once the run has gone on a second,
or at once for a catalog of 5,000 tools or more. Files are files: --tools,
--catalog, --queries, --report and --config given a URL are invalid-option.

Examples:
  loadout eval
  loadout eval --ranker bm25f,hybrid,wink-bm25 --misses 3
  loadout eval --ranker all --allow-failures --json
  loadout eval --ranker bm25f,wink-bm25 --report eval-report.html
`;
