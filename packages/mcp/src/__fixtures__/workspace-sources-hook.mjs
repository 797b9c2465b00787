// Module resolve hook for spawned test processes: `@loadout/<package>`
// resolves to the workspace's TypeScript sources, as vitest's aliases do, so
// a child process runs the current code without a build (tsx loads the .ts).
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = new URL('../../../../', import.meta.url);
const pattern = /^@loadout\/([a-z0-9-]+)(?:\/([a-z0-9-]+))?$/;

export async function resolve(specifier, context, nextResolve) {
  const match = pattern.exec(specifier);
  if (match !== null) {
    const url = new URL(`packages/${match[1]}/src/${match[2] === undefined ? '' : `${match[2]}/`}index.ts`, root);
    if (existsSync(fileURLToPath(url))) return nextResolve(url.href, context);
  }
  return nextResolve(specifier, context);
}
