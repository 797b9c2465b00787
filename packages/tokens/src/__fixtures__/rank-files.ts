import type { TiktokenBPE } from 'js-tiktoken/lite';
import cl100kBase from 'js-tiktoken/ranks/cl100k_base';
import o200kBase from 'js-tiktoken/ranks/o200k_base';
import type { TiktokenEncodingName } from '../encodings.js';

/** js-tiktoken's rank files, imported directly: the reference the tests and the benchmark compare with. */
export const RANK_FILES: Readonly<Record<TiktokenEncodingName, TiktokenBPE>> = { cl100k_base: cl100kBase, o200k_base: o200kBase };
