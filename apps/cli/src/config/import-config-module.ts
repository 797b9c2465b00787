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

/**
 * Imports a JavaScript or TypeScript module by absolute path and returns
 * its default export. `.ts` (and `.mts`/`.cts`) files run through tsx,
 * in ES-module and CommonJS folders alike.
 */
export async function importDefault(path: string): Promise<unknown> {
  if (isTypeScript(path)) {
    const { tsImport } = (await import('tsx/esm/api')) as { tsImport: (specifier: string, parent: string) => Promise<unknown> };
    return unwrapDefault(await tsImport(pathToFileURL(path).href, import.meta.url));
  }
  return importUrlDefault(pathToFileURL(path).href);
}

/** Imports the JavaScript module at the `file:` URL `url` and returns its default export. */
export async function importUrlDefault(url: string): Promise<unknown> {
  return unwrapDefault(await import(url));
}
