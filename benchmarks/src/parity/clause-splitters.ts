import { CLAUSE_VERBS } from '@loadout/bm25';

/** Knobs of a clause splitter in the shipped splitter's shape. */
export interface SplitterKnobs {
  readonly verbs: readonly string[];
  /** Words that split wherever they occur (dropped). */
  readonly connectives: readonly string[];
  /** Split before a verb after a comma / after "and". */
  readonly verbAfterComma: boolean;
  readonly verbAfterAnd: boolean;
  /** Strip leading discourse markers and punctuation. */
  readonly stripMarkers: boolean;
  /** Extra phrases that split (dropped), e.g. "as well as". */
  readonly phrases: readonly string[];
}

const MARKERS = ['additionally', 'after that', 'afterwards', 'afterward', 'also', 'besides', 'finally', 'first', 'firstly', 'furthermore', 'lastly', 'meanwhile', 'moreover', 'next', 'second', 'secondly', 'subsequently', 'then', 'third', 'thirdly'];

/** General English verbs that start a request, beyond the shipped list (not taken from the eval queries). */
export const MORE_VERBS = [
  'access', 'achieve', 'acquire', 'activate', 'adjust', 'allocate', 'apply', 'approve', 'archive', 'arrange', 'ask', 'assess', 'assign', 'attach',
  'authenticate', 'backup', 'build', 'buy', 'cancel', 'capture', 'change', 'choose', 'clean', 'clear', 'close', 'combine', 'complete', 'configure',
  'confirm', 'connect', 'consult', 'contact', 'control', 'crawl', 'decode', 'decrypt', 'define', 'deploy', 'design', 'develop', 'diagnose',
  'discover', 'dispatch', 'donate', 'encode', 'encrypt', 'enable', 'disable', 'enter', 'examine', 'explore', 'figure', 'format', 'gather', 'grab',
  'help', 'highlight', 'install', 'introduce', 'investigate', 'join', 'keep', 'learn', 'launch', 'lookup', 'manage', 'map', 'mark', 'measure',
  'modify', 'navigate', 'obtain', 'optimize', 'optimise', 'outline', 'perform', 'pick', 'place', 'play', 'predict', 'process', 'produce', 'pull',
  'purchase', 'push', 'put', 'reach', 'receive', 'recognize', 'recognise', 'reset', 'resolve', 'respond', 'restore', 'revise', 'rewrite', 'scan',
  'see', 'select', 'sell', 'simulate', 'solve', 'specify', 'split', 'stop', 'subscribe', 'summarize', 'support', 'switch', 'take', 'test', 'trace',
  'train', 'try', 'turn', 'understand', 'use', 'view', 'visit', 'watch', 'work',
];

/** The shipped splitter's knobs. */
export const SHIPPED_SPLITTER: SplitterKnobs = {
  verbs: CLAUSE_VERBS,
  connectives: ['then', 'also'],
  verbAfterComma: true,
  verbAfterAnd: true,
  stripMarkers: true,
  phrases: [],
};

/** A splitter from knobs; equal to `splitClauses` for {@link SHIPPED_SPLITTER}. */
export function createSplitter(knobs: SplitterKnobs): (text: string) => string[] {
  const verbs = knobs.verbs.join('|');
  const sentence = /(?<=[.!?])\s+|[;\n]+/;
  const connective = knobs.connectives.length === 0 ? undefined : new RegExp(`\\b(?:${knobs.connectives.join('|')})\\b`, 'i');
  const phrase = knobs.phrases.length === 0 ? undefined : new RegExp(`\\b(?:${knobs.phrases.join('|')})\\b`, 'i');
  const leads = [knobs.verbAfterComma ? ',\\s*' : '', knobs.verbAfterAnd ? '\\band\\s+' : ''].filter((lead) => lead.length > 0);
  const verb = leads.length === 0 ? undefined : new RegExp(`(?:${leads.join('|')})(?=(?:${verbs})\\b)`, 'i');
  const markers = new RegExp(`^(?:[\\s,.:!?]+|(?:${MARKERS.join('|')})\\b)+`, 'i');
  return (text) => {
    let parts = text.split(sentence);
    if (connective !== undefined) parts = parts.flatMap((part) => part.split(connective));
    if (phrase !== undefined) parts = parts.flatMap((part) => part.split(phrase));
    if (verb !== undefined) parts = parts.flatMap((part) => part.split(verb));
    return parts
      .map((part) => (knobs.stripMarkers ? part.replace(markers, '') : part).replace(/[\s,]+$/, '').trimStart())
      .filter((part) => part.length > 0);
  };
}
