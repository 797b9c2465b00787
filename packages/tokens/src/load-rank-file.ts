import { createRequire } from 'node:module';
import type { TiktokenEncodingName } from './encodings.js';

/**
 * Loads an encoding's js-tiktoken rank file (`js-tiktoken/ranks/<encoding>`)
 * synchronously, on the first count of that encoding only: importing this
 * package parses no rank file, and an encoding never counted is never read.
 * Returns the file's export (unchecked: the caller parses it), or undefined
 * when the file cannot be loaded (missing, or it throws when evaluated).
 * This is the Node build; `load-rank-file-browser.ts` (package.json
 * `imports`, condition `browser`) imports both files statically.
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

/** The rank files of the js-tiktoken this package depends on. */
export const loadRankFile: RankFileLoader = createRankFileLoader(createRequire(import.meta.url));
