import {
  DEFAULT_HEADERS_TIMEOUT_MS,
  DEFAULT_MAX_BODY_BYTES,
  DEFAULT_MAX_CONNECTIONS,
  DEFAULT_MAX_CONNECTIONS_PER_ADDRESS,
  DEFAULT_MAX_RESPONSE_BYTES,
  DEFAULT_MAX_SESSIONS,
  DEFAULT_MAX_SESSIONS_PER_ADDRESS,
  DEFAULT_REQUEST_TIMEOUT_MS,
  DEFAULT_SESSION_GRACE_MS,
  DEFAULT_SESSION_IDLE_TIMEOUT_MS,
} from '@loadout/mcp';
import { BUILTIN_RANKER_NAMES, CONFIG_HELP } from '../config/config-help.js';
import { DEFAULT_FEEDBACK_STORE } from '../io/default-feedback-store.js';
import { DEFAULT_MAX_FEEDBACK_BYTES, MAX_FEEDBACK_RANGE } from '../io/max-feedback-flag.js';

/** `loadout serve --help`. */
export const serveHelp = `loadout serve: one MCP server that searches and proxies the tools of many.

Usage:
  loadout serve [--config FILE] [--http [HOST:]PORT] [options]

Connects to every server of the config's "mcpServers" (with no --config, the
loadout.config.* of the current folder), lists and indexes all their tools, and
serves MCP over stdio (default) or streamable HTTP. A Claude-style .mcp.json
works too: loadout serve --config .mcp.json. Its "mcpServers" is a config key;
the keys such a file has for other tools (a file with "mcpServers" not named
loadout.config.*) are warned about on stderr and ignored, while a
loadout.config.* rejects unknown keys, at the top level and inside each server
entry ("agrs": did you mean "args"?; exit 2, config-unknown-key). A .mcp.json in
the folder is not read unless named with --config.

Whether tool search is on follows the policy contract, with ENABLE_TOOL_SEARCH,
CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS and ANTHROPIC_BASE_URL from the
environment, --model and --context-window. ENABLE_TOOL_SEARCH unset or true:
on; false: off; auto: off until the deferrable definitions reach 10% of the
context window (auto:N: N%), then on; an older model or
CLAUDE_CODE_DISABLE_EXPERIMENTAL_BETAS keeps it off (loadout plan shows the
trace for a catalog). On: clients see search_tools and
call_tool plus the tools that stay upfront (alwaysLoad on the server or tool,
or pinned by a mod); tools a search finds join the list. Off (e.g.
ENABLE_TOOL_SEARCH=false): every upstream tool is listed upfront and there is
no search_tools. The config's mods and plugins rewrite descriptions and pin or
defer tools. The decision is re-made when an upstream's tools change
(notifications/tools/list_changed), and logged with its reason at start (its
trace too at --log-level debug). Tool names are mcp__<server>__<tool>. Upstreams that crash are
reconnected with backoff; logs go to stderr. Each search a ranker fails
(ranker-timeout, ranker-failed, ranker-invalid-result, ranker-busy,
config-untrusted) is logged at warn with its code and the ranker's name, and
mod-failed warnings too: the first 10 a minute, then a count. A plug-in
ranker that does not start within its budget (a "rankers" entry's
startTimeoutMs, default 10 s) is stood in for by bm25f, with one warning,
until its start ends: then it ranks (one info line). A plug-in ranker's
search over its 2 s budget is answered by bm25f, with one warning (capped
as above). On SIGINT or
SIGTERM every request in flight is answered -32000 [gateway-shutting-down]
(retry it), over HTTP and stdio, new ones 503 with that error; then (also while starting) every
local upstream is stopped with what it started itself: 1 s to exit once its
stdin closes, then SIGTERM, then SIGKILL; shutdown gives up waiting after 5 s.
Over stdio it also shuts down, and exits, once its stdin ends. Log lines a
stderr nobody reads cannot take are dropped at the exit, after 200 ms.

Options:
  --config FILE            a loadout config, or a Claude-style .mcp.json: {"mcpServers": {"name":
                           {"command", "args", "env"} | {"type": "http", "url", "headers"},
                           "alwaysLoad"?, "disabled"?}}; \${VAR} is expanded from the environment;
                           a server with "disabled": true is skipped (not started), one info line
  --no-config              ignore the current folder's loadout.config.*
  --http [HOST:]PORT       serve http://HOST:PORT/mcp instead of stdio; HOST defaults to
                           127.0.0.1, PORT 0 picks a free port. Several replicas behind a load
                           balancer: a 2026-07-28 (stateless) request may go to any of them; a
                           2025-era client's session lives on one, so route on the
                           mcp-session-id header (sticky sessions: see @loadout/mcp's README)
  --ranker NAME            ${BUILTIN_RANKER_NAMES},
                           or one the config's "rankers" adds (default: the config's "ranker",
                           else the one --feedback's file store learned for, else bm25f)
  --limit N                results per search when the client asks for none, 1-100
                           (default: the config's "limit", else 5)
  --model M                the model the policy decides for (default claude-sonnet-4-5)
  --context-window N       the model's context window in tokens (default: the model's own)
  --call-timeout MS        longest wait for an upstream tool call (default 30000)
  --connect-timeout MS     longest wait for an upstream's handshake and each tools/list page,
                           1-86400000 (default 10000); then it is retried with backoff
  --startup-wait MS        serve once every upstream answered or after MS, 0-86400000 (default:
                           every upstream's first attempt, each at most --connect-timeout);
                           one still connecting is named in the log and its tools join later
                           (clients are sent tools/list_changed). Over stdio nothing is answered
                           before then, not even server/discover: an MCP SDK v2 client
                           (versionNegotiation auto) probes it on a throwaway copy of the
                           process, which starts every upstream too, so its first call waits
                           for two start-ups; --startup-wait 0 answers both at once
  --calls any|found        which upstream tools clients may call (default any). Search is not an
                           access boundary: with any, a client may call every upstream tool by
                           name, found by a search or not. With found, only the tools listed
                           upfront and those a search returned: of that session (stdio and
                           2025-era HTTP sessions), or, for a stateless call_tool, of the
                           search whose searchId it carries; any other call gets -32602
                           [mcp-call-not-found]. It stops calls by guessed names, not a client
                           that searches first: limit who connects with --token-env
  --log-level LEVEL        debug | info | warn | error (default info)
  --ready-file FILE        once serving, write the endpoint (http://HOST:PORT/mcp, or "stdio")
                           and a newline to FILE; scripts wait for it to appear. FILE must be
                           absent or an earlier ready file (else exit 2, file-overwrite-refused);
                           removed on shutdown

Learning from usage (opt-in, nothing is recorded or read without these):
  --feedback STORE         rank with what loadout learn learned from this feedback store (when
                           learned.json beside it switched learning on; read once at start). A
                           postgres://USER@HOST/DB URL keeps events and decision in PostgreSQL,
                           shared by every replica: a new decision is picked up without a restart
                           (at once through NOTIFY, else within 30 s), events wait in a bounded
                           queue while the database is down; one down at start serves without the
                           decision until it answers, one that refuses (wrong password, no such
                           database) exits 2. Put its password in PGPASSWORD, not the URL
  --record                 append each search-then-call positive to the store (--feedback, else
                           ${DEFAULT_FEEDBACK_STORE}): when a call follows a search that found the
                           tool (call_tool's searchId, checked, else the session's latest search)
                           and the upstream answered it successfully (not isError, no timeout,
                           crash or shutdown), the search's query, the tool's name and the time.
                           A call after a search that did not list the tool is not recorded
                           (by design: the search's words did not lead to it), so a vocabulary
                           gap ("ship it", then merge_pull_request) never reaches the store:
                           write such pairs in a FILE, one a line ({"query": "ship it",
                           "called": "merge_pull_request"}, or {"query", "relevant": [names]}),
                           and import it with loadout learn FILE.
                           A store that cannot be written fails at start; once serving, a full
                           store (--max-feedback) or a failed write is logged, never fatal.
                           To learn from it: loadout catalog pull --config FILE --out tools.json,
                           loadout learn --catalog tools.json (no FILE), then restart serve
  --max-feedback BYTES     largest store read, and where recording stops, ${MAX_FEEDBACK_RANGE.min}-${MAX_FEEDBACK_RANGE.max}
                           (default ${DEFAULT_MAX_FEEDBACK_BYTES}); compact it with loadout learn --compact

The HTTP port is bound before any upstream starts: a busy port fails at once
with exit 2 [address-in-use]. Once listening, stderr says
"serving MCP over streamable HTTP at <url>".

HTTP safety (on by default; each relaxation is logged):
  --token-env VAR          require "Authorization: Bearer <value of $VAR>"; the token is
                           read from the environment, never from the command line. Repeat it
                           for several clients: each session is bound to the token that opened
                           it (without tokens, to the client address), so another client that
                           holds its id can neither use nor delete it (404)
  --allowed-origin ORIGIN  a browser origin allowed to call, e.g. http://localhost:5173;
                           repeatable. Other Origins get 403 (the gateway's own is allowed)
  --allowed-host HOST:PORT a Host header allowed besides the gateway's own, e.g. the load
                           balancer's address clients use; repeatable
  --max-body BYTES         largest request body, larger gets 413 (default ${DEFAULT_MAX_BODY_BYTES})
  --max-response BYTES     largest answer to one request of a session (a batch's replies
                           together); a reply past it becomes error -32603
                           [mcp-response-too-large] (default ${DEFAULT_MAX_RESPONSE_BYTES}). A stateless answer holds
                           one message, bounded by the upstream message limit
  --max-connections N      open connections at once; past it a new one gets 503 with
                           Retry-After and is closed (default ${DEFAULT_MAX_CONNECTIONS})
  --max-connections-per-address N
                           open connections of one client (default ${DEFAULT_MAX_CONNECTIONS_PER_ADDRESS}): one address
                           until a request's headers are read, then one token with --token-env,
                           else one address; without tokens behind a load balancer, raise it
                           to --max-connections
  --headers-timeout MS     time a client has to send a request's headers, then 408 (default ${DEFAULT_HEADERS_TIMEOUT_MS})
  --request-timeout MS     time a client has to send a whole request, headers and body, then
                           408 (default ${DEFAULT_REQUEST_TIMEOUT_MS}); answers and streams are not limited
  --session-idle-timeout MS
                           close a session with nothing in flight for this long; its next
                           request gets 404 and the client re-initializes (default ${DEFAULT_SESSION_IDLE_TIMEOUT_MS})
  --max-sessions N         sessions open at once (default ${DEFAULT_MAX_SESSIONS}); at the cap a session whose client
                           left (stream closed) or the least recently used one idle past
                           --session-grace makes room; never one with a request in flight or
                           in its handshake. If none can, the newcomer gets 503 with
                           Retry-After (the seconds until one may)
  --max-sessions-per-address N
                           sessions one client may hold (default ${DEFAULT_MAX_SESSIONS_PER_ADDRESS}): one
                           token with --token-env, else one address
  --session-grace MS       how long a session must be idle before a newcomer may evict it
                           (default ${DEFAULT_SESSION_GRACE_MS})
  --host-unsafe            allow a HOST other machines can reach (e.g. 0.0.0.0)
  -h, --help               show this help

${CONFIG_HELP}

Examples:
  loadout serve                        # mcpServers from ./loadout.config.*
  ENABLE_TOOL_SEARCH=auto:5 loadout serve --model claude-opus-4-5
  ENABLE_TOOL_SEARCH=false loadout serve
  loadout serve --config .mcp.json
  loadout serve --record               # record usage; later: loadout learn, then serve again
  LOADOUT_TOKEN=$(openssl rand -hex 16) loadout serve --config .mcp.json --http 127.0.0.1:8765 --token-env LOADOUT_TOKEN
  loadout serve --config .mcp.json --calls found   # only tools a search returned may be called
`;
