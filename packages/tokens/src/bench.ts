/**
 * Counting benchmark: cold (first count, including building the encoder) and
 * warm times for 10,000 synthetic tool definitions of about 300 characters.
 * Run with `npx tsx packages/tokens/src/bench.ts`. The first encoding is
 * measured in a fresh process; the second shares the warmed-up JIT. Last,
 * for comparison, plain js-tiktoken `encode` on the default encoding.
 */
import { Tiktoken } from 'js-tiktoken/lite';
import { RANK_FILES } from './__fixtures__/rank-files.js';
import type { TiktokenEncodingName } from './encodings.js';

const DEFINITIONS = 10_000;
const WORDS = (
  'search list create update delete get send read write fetch query find upload download sync archive ' +
  'message channel issue repository file folder user team project ticket comment event calendar invoice ' +
  'customer order payment record document page database table row column report dashboard alert metric ' +
  'slack github jira drive notion stripe linear figma gmail salesforce zendesk hubspot postgres redis ' +
  'by for with from into the a of and or to in on at keyword date range status owner label limit cursor'
).split(' ');

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value ^= value + Math.imul(value ^ (value >>> 7), 61 | value);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function syntheticDefinitions(count: number): string[] {
  const next = random(42);
  const word = (): string => WORDS[Math.floor(next() * WORDS.length)] ?? 'tool';
  const words = (n: number): string => Array.from({ length: n }, word).join(' ');
  return Array.from({ length: count }, (_, index) => {
    const parameter = `${word()}_${word()}`;
    return JSON.stringify({
      name: `${word()}_${word()}_${word()}_${index}`,
      description: `${words(7)}. Returns ${words(2)}.`,
      input_schema: {
        type: 'object',
        properties: {
          [parameter]: { type: 'string', description: words(5) },
          limit: { type: 'integer', description: `Maximum ${word()} count, 1-${index % 500}` },
        },
        required: [parameter],
      },
    });
  });
}

function countAll(count: (text: string) => number, texts: readonly string[]): number {
  let total = 0;
  for (const text of texts) total += count(text);
  return total;
}

const texts = syntheticDefinitions(DEFINITIONS);
const characters = texts.reduce((sum, text) => sum + text.length, 0);
console.log(`${DEFINITIONS} definitions, ${(characters / DEFINITIONS).toFixed(0)} characters on average`);

const importStart = performance.now();
const { createTiktokenCounter } = await import('./index.js');
const { DEFAULT_TIKTOKEN_ENCODING } = await import('./encodings.js');
console.log(`import @loadout/tokens: ${(performance.now() - importStart).toFixed(0)} ms`);

const encodings: TiktokenEncodingName[] =
  DEFAULT_TIKTOKEN_ENCODING === 'cl100k_base' ? ['cl100k_base', 'o200k_base'] : ['o200k_base', 'cl100k_base'];
for (const encoding of encodings) {
  const counter = createTiktokenCounter({ encoding });
  const count = (text: string): number => counter.count(text);
  const coldStart = performance.now();
  const tokens = countAll(count, texts);
  const cold = performance.now() - coldStart;
  const warmStart = performance.now();
  countAll(count, texts);
  const warm = performance.now() - warmStart;
  console.log(
    `${counter.id}: ${tokens} tokens; cold ${cold.toFixed(0)} ms (building the encoder included), warm ${warm.toFixed(0)} ms`,
  );
}

const buildStart = performance.now();
const plain = new Tiktoken(RANK_FILES[DEFAULT_TIKTOKEN_ENCODING]);
const built = performance.now() - buildStart;
const plainStart = performance.now();
const plainTokens = countAll((text) => plain.encode(text, [], []).length, texts);
console.log(
  `plain encode (${DEFAULT_TIKTOKEN_ENCODING}): ${plainTokens} tokens; build ${built.toFixed(0)} ms, count ${(performance.now() - plainStart).toFixed(0)} ms`,
);
