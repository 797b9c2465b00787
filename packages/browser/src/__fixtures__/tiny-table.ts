import type { WordVectorTable } from '@loadout/embeddings/browser';

/** Topics of the tiny table: each a dimension its words point along. */
const TOPICS: readonly (readonly string[])[] = [
  ['file', 'files', 'read', 'write', 'document', 'path', 'folder', 'directory', 'list'],
  ['email', 'send', 'message', 'mail', 'inbox', 'reply'],
  ['weather', 'forecast', 'rain', 'temperature', 'city', 'wind', 'current'],
  ['code', 'commit', 'repository', 'branch', 'pull', 'request', 'merge', 'create'],
  ['payment', 'refund', 'invoice', 'charge', 'customer', 'money'],
  ['calendar', 'meeting', 'schedule', 'event', 'invite', 'people'],
];
const FUNCTION_WORDS = ['the', 'a', 'to', 'of', 'and', 'for', 'in', 'an', 'from', 'get', 'into'];
const DIMENSIONS = 100;
const SHARED_AXIS = 99;

/**
 * A 100-dimensional word-vector table (the engine's static embedder expects
 * the real table's 100) with six topics: a word points along its topic's
 * axis, a little along a word-specific axis, and along one axis every word
 * shares (what SIF's principal-component removal takes out).
 */
export function tinyTable(): WordVectorTable {
  const words = [...FUNCTION_WORDS, ...TOPICS.flat()];
  const values = new Int8Array(words.length * DIMENSIONS);
  words.forEach((word, row) => {
    const offset = row * DIMENSIONS;
    const topic = TOPICS.findIndex((topicWords) => topicWords.includes(word));
    values[offset + SHARED_AXIS] = topic < 0 ? 100 : 50;
    values[offset + 10 + (row % 80)] = 15;
    if (topic >= 0) values[offset + topic] = 100;
  });
  return {
    dimensions: DIMENSIONS,
    vocabularySize: words.length * 20,
    words,
    ranks: Uint32Array.from(words, (_, index) => index),
    scales: new Float32Array(words.length).fill(1 / 127),
    values,
  };
}
