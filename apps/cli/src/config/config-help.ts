import { BUILTIN_RANKERS } from '@loadout/rankers';

/** The built-in ranker names for `--help`, default first. */
export const BUILTIN_RANKER_NAMES = BUILTIN_RANKERS.map((definition) => definition.name).join(' | ');

/** The `--config` lines every command's `--help` shares. */
export const CONFIG_HELP = `Configuration: loadout.config.json | .mjs | .js | .ts in the current folder (never a
parent folder), or --config FILE. A .mjs/.js/.ts config runs code, so it is only
loaded from the current folder or when named with --config (.ts works in CommonJS
folders too). Relative paths resolve against the config's folder. Keys, all optional:
  ranker         a built-in (${BUILTIN_RANKER_NAMES}) or a "rankers" name; default bm25f
  rankerOptions  options for that ranker, checked against its definition's schema
  rankers        { "name": "./file.mjs" or a package }: default export a RankerDefinition
  plugins        [ "./file.mjs" or a package ]: default export a Mod or an array of Mods
  mods           declarative mods: [{ "plugin", "rules": [{ "server", "tool", "isDeferred",
                 "description" }] }]
  catalog        the catalog when --catalog is not given; default: the embedded demo
  limit          results per search, 1-100; default 5
  mcpServers     Claude-style servers for loadout serve, as in .mcp.json
An unknown key is an error naming the nearest key (only a warning in another tool's
file with "mcpServers", such as .mcp.json). Example
loadout.config.mjs:
  export default { ranker: 'reverse', rankers: { reverse: './reverse-ranker.mjs' },
    plugins: ['./team-mods.mjs'], catalog: './tools.json', limit: 5 };
Write a ranker or a mod: docs/write-a-ranker.md and docs/write-a-mod.md in the repository.`;
