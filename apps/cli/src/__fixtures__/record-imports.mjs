// `node --import ./record-imports.mjs main.js …`: appends every module URL the
// program resolves to the file named by LOADOUT_IMPORTS_FILE (a resolve hook).
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
let file;
export function initialize(data) { file = data.file; }
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  appendFileSync(file, result.url + '\\n');
  return result;
}`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`, import.meta.url, { data: { file: process.env.LOADOUT_IMPORTS_FILE } });
