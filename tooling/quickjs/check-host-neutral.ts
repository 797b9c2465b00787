import { createRequire } from 'node:module';
import { missingGlobals } from './missing-globals.js';

/** Bundles that must run in every JavaScript engine a WebAssembly host embeds (issue 31); `tokens` since the component's `plan` counts with it. */
export const HOST_NEUTRAL_PACKAGES = ['core', 'bm25', 'tokens'] as const;

/** A Unicode property escape (`\p{L}`, `\P{N}`) in a regular expression or its source: engines without ICU (SpiderMonkey in componentize-js) reject it. */
const PROPERTY_ESCAPE = /\\[pP]\{[A-Za-z_=]+\}/;

/**
 * Text a bundle may hold with property escapes because it is data, never
 * compiled as written: the pre-tokenizer patterns (`pat_str`) of the
 * js-tiktoken rank files `@loadout/tokens` carries, which it spells out with
 * core's Unicode category table before compiling (`spellPreTokenizerPattern`).
 * As they appear in the bundle: inside a string literal, backslashes doubled.
 */
export function escapesAsData(name: (typeof HOST_NEUTRAL_PACKAGES)[number]): string[] {
  if (name !== 'tokens') return [];
  const require = createRequire(new URL('../../packages/tokens/package.json', import.meta.url));
  return ['cl100k_base', 'o200k_base'].map((encoding) => (require(`js-tiktoken/ranks/${encoding}`) as { pat_str: string }).pat_str.replaceAll('\\', '\\\\'));
}

/**
 * Problems that keep a bundle from running in QuickJS or a WebAssembly
 * component, one readable line each: globals `available` (QuickJS's) lacks,
 * and Unicode property escapes outside the exact texts of `data` (see
 * {@link escapesAsData}).
 */
export function checkHostNeutral(file: string, code: string, available: ReadonlySet<string>, data: readonly string[] = []): string[] {
  const problems = missingGlobals(code, available).map(
    ({ name, start }) => `${file} uses the global '${name}' (offset ${start}), which QuickJS lacks: use ECMAScript only, or a fallback that gives the same result`,
  );
  const scanned = data.reduce((text, value) => text.replaceAll(value, ''), code);
  const escape = PROPERTY_ESCAPE.exec(scanned);
  if (escape !== null) problems.push(`${file} holds the Unicode property escape ${escape[0]} (near ${JSON.stringify(scanned.slice(Math.max(0, escape.index - 30), escape.index + 30))}): use core's unicodeClass`);
  return problems;
}
