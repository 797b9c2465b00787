import { BUILTIN_RANKERS } from '@loadout/rankers';

/** The built-in ranker names for `--help`, default first. */
export const BUILTIN_RANKER_NAMES = BUILTIN_RANKERS.map((definition) => definition.name).join(' | ');

/** The `--config` lines every command's `--help` shares. */
export const CONFIG_HELP = `Configuration (loadout.config.json | .mjs | .js | .ts, read from the current folder,
or --config FILE; a .mjs/.js/.ts file runs code, so it is only loaded from the
current folder or when named with --config; relative paths resolve against its folder):
  { "ranker": "reverse", "rankerOptions": {}, "rankers": { "reverse": "./reverse-ranker.mjs" },
    "plugins": ["./team-mods.mjs"], "mods": [{ "plugin": "p", "rules": [{ "server": "github", "isDeferred": true }] }],
    "catalog": "tools.json", "limit": 5, "mcpServers": { ... } }`;
