import { createRequire } from 'node:module';
import type { TiktokenEncodingName } from './encodings.js';

/**
 * Loads an encoding's js-tiktoken rank file (`js-tiktoken/ranks/<encoding>`)
 * synchronously, on the first count of that encoding only: importing this
 * package parses no rank file, and an encoding never counted is never read.
 * Returns the file's export (unchecked: the caller parses it), or undefined
 * when the file cannot be loaded (missing, or it throws when evaluated).
 * This is the Node build; `load-rank-file-browser.ts` (package.json
 * `imports`, conditions `browser` and `module`, the one bundlers set and
 * Node does not) imports both files statically, so a bundle carries them.
 */
export type RankFileLoader = (encoding: TiktokenEncodingName) => unknown;

/** A {@link RankFileLoader} on a CommonJS `require` (injected by tests). */
export function createRankFileLoader(load: (specifier: string) => unknown): RankFileLoader {
  return (encoding) => {
    try {
      return load(`js-tiktoken/ranks/${encoding}`);
    } catch {
      // Missing or unreadable: the caller names the encoding; the error itself may quote the file.
      return undefined;
    }
  };
}

/**
 * The rank files of the js-tiktoken this package depends on. The `require`
 * is made on each load, inside the loader's catch: where it cannot be made
 * (code bundled to CommonJS has no `import.meta.url`) importing still works
 * and the first count is `model-unavailable`, never an error at import.
 */
export const loadRankFile: RankFileLoader = createRankFileLoader((specifier) => createRequire(import.meta.url)(specifier));
