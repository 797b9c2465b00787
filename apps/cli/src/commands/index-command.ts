import { createLoadoutError, DEFAULT_MAX_TOOLS } from '@loadout/core';
import { buildPrebuiltIndex, isPrebuiltIndex } from '@loadout/browser/prebuilt-index';
import type { Command } from './command.js';
import { countOf } from '../format/count-of.js';
import { formatCount } from '../format/render-table.js';
import { checkWritable } from '../io/check-writable.js';
import { MAX_TOOLS_RANGE, reportWarnings } from '../io/command-warnings.js';
import { guardOutputFile, writeOutputFile } from '../io/guard-output-file.js';
import type { OutputFileKind } from '../io/guard-output-file.js';
import { loadCatalog } from '../io/load-catalog.js';
import { integerFlag, parseArguments, stringFlag } from '../io/parse-arguments.js';

const help = `loadout index: prebuild a catalog's search index for a web page.

Usage:
  loadout index --catalog FILE --out FILE [--max-tools N] [--strict]

Reads the catalog (JSON, JSONL or a catalog pull snapshot), indexes it with
BM25F and writes the catalog and its index as one checksummed file. A page
loads it instead of building the index: <loadout-search index="tools.index">
or engine.loadCatalog(bytes) of @loadout/browser. Malformed tools are skipped
and counted on stderr (--strict fails on the first). The file is written to a
temporary file and renamed, so it is never half-written. An existing --out
file is replaced only when it is empty or an earlier index, never the catalog
(else exit 2, file-overwrite-refused).

Options:
  --catalog FILE   the tools to index (required)
  --out FILE       where to write the index (required)
  --max-tools N    accept catalogs of up to N tools (default 10000); over
                   10000, pages need <loadout-search max-tools="N">
  --strict         fail on the first malformed tool instead of skipping it
  -h, --help       show this help

Examples:
  loadout index --catalog tools.json --out tools.index
  mkdir -p public && loadout catalog pull --config .mcp.json --out tools.json && loadout index --catalog tools.json --out public/tools.index
`;

/** What `--out` may replace: an index an earlier run wrote (recognised by its frame's header). */
const INDEX_FILE: OutputFileKind = {
  what: 'an index (what loadout index writes)',
  recognise: (_text, bytes) => isPrebuiltIndex(bytes),
  maxBytes: 16,
  remedy: 'name another file, or remove it first',
};

/** `loadout index`: a catalog and its BM25F index in one file, for `<loadout-search index>`. */
export const indexCommand: Command = {
  name: 'index',
  help,
  async run(argv, context) {
    const parsed = parseArguments('index', argv, {
      catalog: { type: 'string' },
      out: { type: 'string' },
      'max-tools': { type: 'string' },
      strict: { type: 'boolean' },
    });
    if (parsed.values['help']) {
      context.stdout(help);
      return 0;
    }
    if (parsed.positionals.length > 0) throw createLoadoutError('invalid-option', `unexpected argument ${JSON.stringify(parsed.positionals[0])} (see loadout index --help)`);
    const catalogPath = stringFlag(parsed, 'catalog');
    const out = stringFlag(parsed, 'out');
    if (catalogPath === undefined || out === undefined) throw createLoadoutError('invalid-option', '--catalog FILE and --out FILE are required, e.g. loadout index --catalog tools.json --out tools.index');
    const maxTools = integerFlag(parsed, 'max-tools', MAX_TOOLS_RANGE);
    const strict = parsed.values['strict'] === true;
    await guardOutputFile(out, context.cwd, INDEX_FILE, { protect: [catalogPath] });
    await checkWritable(out, context.cwd);
    const loaded = await loadCatalog(catalogPath, context.cwd, { strict, ...(maxTools === undefined ? {} : { maxTools }) });
    // Each skipped entry named (a duplicate is not "malformed"), before anything is written: --strict fails here.
    reportWarnings('index', loaded.issues, context, strict);
    const { bytes, read } = await buildPrebuiltIndex({ tools: loaded.tools, servers: loaded.servers }, { source: catalogPath, strict, ...(maxTools === undefined ? {} : { maxTools }) });
    await writeOutputFile(out, context.cwd, INDEX_FILE, bytes);
    const skipped = loaded.issues.length;
    const count = read.catalog.tools.length;
    context.stderr(
      `loadout index: ${countOf(count, 'tool')} from ${catalogPath} indexed into ${out} (${(bytes.length / 1000).toFixed(1)} kB)${skipped > 0 ? `; ${countOf(skipped, 'entry', 'entries')} skipped (the warnings above)` : ''}\n`,
    );
    if (count > DEFAULT_MAX_TOOLS) {
      context.stderr(`loadout index: browsers refuse an index of more than ${formatCount(DEFAULT_MAX_TOOLS)} tools unless the page raises the limit: <loadout-search max-tools="${count}">, or loadCatalog's maxTools\n`);
    }
    return 0;
  },
};
