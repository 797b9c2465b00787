import { fileURLToPath } from 'node:url';
import { PLUG_IN_DOCS_URL } from './plug-in-docs.js';
import { BUILTIN_RANKERS } from '@loadout/rankers';

/** The built-in ranker names for `--help`, default first. */
export const BUILTIN_RANKER_NAMES = BUILTIN_RANKERS.map((definition) => definition.name).join(' | ');

/** A key of loadout.config.*, as `--help` lists it. */
export type ConfigHelpKey = 'ranker' | 'rankerOptions' | 'rankers' | 'plugins' | 'mods' | 'catalog' | 'limit' | 'mcpServers';

/** Every key's lines, in the order `--help` lists them. */
const KEY_LINES: readonly (readonly [ConfigHelpKey, string])[] = [
  ['ranker', `  ranker         a built-in (${BUILTIN_RANKER_NAMES}) or a "rankers" name; default bm25f`],
  ['rankerOptions', '  rankerOptions  options for that ranker, checked against its definition\'s schema'],
  [
    'rankers',
    '  rankers        { "name": "./file.mjs" or a package }: default export a RankerDefinition;\n' +
      '                 { "name": { "module": "./file.mjs", "startTimeoutMs": 60000 } } gives it that long\n' +
      '                 to start (module loaded and create returned), 1000-600000; default 10000',
  ],
  ['plugins', '  plugins        [ "./file.mjs" or a package ]: default export a Mod or an array of Mods'],
  [
    'mods',
    '  mods           declarative mods, each named by its own "plugin" (not a "plugins" file):\n' +
      '                 [{ "plugin", "rules": [{ "server", "tool", "isDeferred",\n' +
      '                 "description" }] }]',
  ],
  ['catalog', '  catalog        the catalog when --catalog is not given; default: the embedded demo'],
  ['limit', '  limit          results per search, 1-100; default 5'],
  ['mcpServers', '  mcpServers     Claude-style servers for loadout serve, as in .mcp.json'],
];

/** Each key's part of the example config, for the keys that have one. */
const EXAMPLE_PARTS: Partial<Record<ConfigHelpKey, string>> = {
  ranker: "ranker: 'reverse'",
  rankers: "rankers: { reverse: './reverse-ranker.mjs' }",
  plugins: "plugins: ['./team-mods.mjs']",
  catalog: "catalog: './tools.json'",
  limit: 'limit: 5',
};

const ALL_KEYS = KEY_LINES.map(([key]) => key);

/** The example `export default { ... }`, wrapped after its second part. */
function example(keys: ReadonlySet<ConfigHelpKey>): string {
  const parts = ALL_KEYS.flatMap((key) => (keys.has(key) && EXAMPLE_PARTS[key] !== undefined ? [EXAMPLE_PARTS[key]] : []));
  const lines = [parts.slice(0, 2), parts.slice(2)].filter((line) => line.length > 0).map((line) => line.join(', '));
  return `  export default { ${lines.join(',\n    ')} };`;
}

/**
 * The `--config` lines of a command's `--help`, listing only the keys that
 * command reads (default: every key). Other keys in the file are accepted
 * and ignored by that command.
 */
export function configHelp(keys: readonly ConfigHelpKey[] = ALL_KEYS): string {
  const wanted = new Set(keys);
  const lines = [
    `Configuration: loadout.config.json | .mjs | .js | .ts in the current folder (never a
parent folder), or --config FILE; --no-config ignores the folder's. A config that
runs code (.mjs/.js/.ts, or one naming "plugins" or "rankers") loads from the
current folder only after \`loadout trust\` there (again after each change to it
or to a module it names by path), or when named with --config (.ts works in
CommonJS folders too); else exit 2 [config-untrusted]. Relative paths resolve against the config's folder. ${wanted.size === ALL_KEYS.length ? 'Keys' : 'Keys this command reads'}, all optional:`,
    ...KEY_LINES.filter(([key]) => wanted.has(key)).map(([, text]) => text),
    `An unknown key is an error naming the nearest key (only a warning in another tool's
file with "mcpServers", such as .mcp.json). Example
loadout.config.mjs:`,
    example(wanted),
  ];
  if (wanted.has('rankers') || wanted.has('plugins')) {
    const docs = fileURLToPath(PLUG_IN_DOCS_URL);
    lines.push(`Write a ranker or a mod: ${docs}write-a-ranker.md and write-a-mod.md (docs/ in the repository).`);
  }
  return lines.join('\n');
}

/** The `--config` lines of the commands that read every key. */
export const CONFIG_HELP = configHelp();
