// Build step of apps/cli: copies the plug-in guides and their examples into dist/docs, so an
// installed CLI carries what its --help points to (docs/ of the repository is not in the package).
import { copyFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PLUG_IN_DOCS_URL } from '../config/plug-in-docs.js';

const from = new URL('../../../../docs/', import.meta.url);
mkdirSync(new URL('examples/', PLUG_IN_DOCS_URL), { recursive: true });
for (const file of ['write-a-ranker.md', 'write-a-mod.md', 'examples/reverse-ranker.mjs', 'examples/team-mods.mjs']) {
  copyFileSync(fileURLToPath(new URL(file, from)), fileURLToPath(new URL(file, PLUG_IN_DOCS_URL)));
}
