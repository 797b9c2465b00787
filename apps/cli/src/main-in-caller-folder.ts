#!/usr/bin/env node
// Entry of the repository's `pnpm loadout` script. pnpm runs scripts in the
// repository root and passes the folder it was called from as INIT_CWD, so
// `pnpm --silent loadout search … --catalog ./tools.json` (or `pnpm --dir
// REPO …` from elsewhere) resolves paths and finds loadout.config.* there,
// as the installed `loadout` does.
const callerFolder = process.env['INIT_CWD'];
if (callerFolder !== undefined && callerFolder !== '') process.chdir(callerFolder);
await import('./main.js');
