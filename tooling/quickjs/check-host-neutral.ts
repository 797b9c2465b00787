import { missingGlobals } from './missing-globals.js';

/** Bundles that must run in every JavaScript engine a WebAssembly host embeds (issue 31). */
export const HOST_NEUTRAL_PACKAGES = ['core', 'bm25'] as const;

/** A Unicode property escape (`\p{L}`, `\P{N}`) in a regular expression or its source: engines without ICU (SpiderMonkey in componentize-js) reject it. */
const PROPERTY_ESCAPE = /\\[pP]\{[A-Za-z_=]+\}/;

/**
 * Problems that keep a bundle from running in QuickJS or a WebAssembly
 * component, one readable line each: globals `available` (QuickJS's) lacks,
 * and Unicode property escapes.
 */
export function checkHostNeutral(file: string, code: string, available: ReadonlySet<string>): string[] {
  const problems = missingGlobals(code, available).map(
    ({ name, start }) => `${file} uses the global '${name}' (offset ${start}), which QuickJS lacks: use ECMAScript only, or a fallback that gives the same result`,
  );
  const escape = PROPERTY_ESCAPE.exec(code);
  if (escape !== null) problems.push(`${file} holds the Unicode property escape ${escape[0]} (offset ${escape.index}): use core's unicodeClass`);
  return problems;
}
