import cl100kBase from 'js-tiktoken/ranks/cl100k_base';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import type { TiktokenEncodingName } from './encodings.js';
import type { RankFileLoader } from './load-rank-file.js';

const RANK_FILES: Readonly<Record<TiktokenEncodingName, unknown>> = { cl100k_base: cl100kBase, o200k_base: o200kBase };

/**
 * The browser's and every bundler's {@link RankFileLoader} (package.json
 * `imports` conditions `browser` and `module`): a bundle has no synchronous
 * `require` of files beside it, so both rank files are imported statically
 * and carried in the bundle (which fails to build when one is missing). `@loadout/browser` imports this package on
 * first use, so the files stay out of its main chunk.
 */
export const loadRankFile: RankFileLoader = (encoding) => RANK_FILES[encoding];
