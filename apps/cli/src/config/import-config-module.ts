import { pathToFileURL } from 'node:url';

function unwrapDefault(namespace: unknown): unknown {
  let value: unknown = (namespace as { default?: unknown } | null)?.default;
  // A .ts file in a CommonJS folder compiles to `module.exports = { default: ... }` (with `__esModule`),
  // which `import()` wraps once more: unwrap that second `default` too.
  if (typeof value === 'object' && value !== null && 'default' in value && ('__esModule' in value || Object.keys(value).length === 1)) {
    value = (value as { default: unknown }).default;
  }
  return value;
}

/** Whether the module at `path` is TypeScript (`.ts`, `.mts`, `.cts`): tsx runs it. */
export function isTypeScript(path: string): boolean {
  return /\.[cm]?ts$/.test(path);
}

/** The errors of imports during which Node warned that the file is an ES module parsed as CommonJS. */
const esmInCommonJs = new WeakSet<object>();
/** How many times Node gave that warning (swallowed: {@link isEsmInCommonJs} lets the caller say it plainly). */
let esmWarnings = 0;
let swallowing = false;

/** Node's own hint, on stderr, when a `.js` file with `import`/`export` loads as CommonJS. */
const isEsmHint = (warning: unknown): boolean => warning instanceof Error && warning.message.startsWith('To load an ES module, set "type": "module"');

/** Counts and swallows Node's ES-module hint (`process.emit` is how Node raises it); every other event passes. */
function swallowEsmHint(): void {
  if (swallowing) return;
  swallowing = true;
  const emit = process.emit;
  process.emit = function (this: NodeJS.Process, event: string | symbol, ...rest: unknown[]): boolean {
    if (event === 'warning' && isEsmHint(rest[0])) {
      esmWarnings++;
      return false;
    }
    return (emit as (event: string | symbol, ...rest: unknown[]) => boolean).call(this, event, ...rest);
  } as typeof process.emit;
}

/** Whether `error` is an import's of a `.js` file written as an ES module in a CommonJS folder (see {@link importDefault}). */
export function isEsmInCommonJs(error: unknown): boolean {
  return typeof error === 'object' && error !== null && esmInCommonJs.has(error);
}

/**
 * Imports a JavaScript or TypeScript module by absolute path and returns
 * its default export. `.ts` (and `.mts`/`.cts`) files run through tsx,
 * in ES-module and CommonJS folders alike. A `.js` file written as an ES
 * module in a CommonJS folder fails as Node fails it, but without Node's
 * warning on stderr: {@link isEsmInCommonJs} tells its error.
 */
export async function importDefault(path: string): Promise<unknown> {
  if (isTypeScript(path)) {
    const { tsImport } = (await import('tsx/esm/api')) as { tsImport: (specifier: string, parent: string) => Promise<unknown> };
    return unwrapDefault(await tsImport(pathToFileURL(path).href, import.meta.url));
  }
  return importJavaScriptDefault(pathToFileURL(path).href);
}

/**
 * Imports the JavaScript module at the `file:` URL `url` and returns its
 * default export, as {@link importDefault} does a `.js` path: an ES module
 * in a CommonJS folder fails without Node's warning, and
 * {@link isEsmInCommonJs} tells its error (a plug-in's worker, which serves
 * the checked bytes for `url`, tells it so too).
 */
export async function importJavaScriptDefault(url: string): Promise<unknown> {
  swallowEsmHint();
  const before = esmWarnings;
  try {
    return await importUrlDefault(url);
  } catch (error) {
    if (esmWarnings > before && typeof error === 'object' && error !== null) esmInCommonJs.add(error);
    throw error;
  }
}

/** Imports the JavaScript module at the `file:` URL `url` and returns its default export. */
export async function importUrlDefault(url: string): Promise<unknown> {
  return unwrapDefault(await import(url));
}
