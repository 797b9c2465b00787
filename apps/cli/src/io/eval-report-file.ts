import type { OutputFileKind } from './guard-output-file.js';

/** The marker every `loadout eval --report` page carries in its head. */
export const EVAL_REPORT_GENERATOR = '<meta name="generator" content="loadout eval">';

/**
 * Whether `text` is a page `loadout eval --report` wrote: an HTML document
 * whose head carries {@link EVAL_REPORT_GENERATOR}. The title `loadout eval:
 * SET` alone is not enough: a person can write it (a page of notes about a
 * run), and replacing that page would lose it.
 */
export function isEvalReport(text: string): boolean {
  if (!text.startsWith('<!doctype html>')) return false;
  const end = text.search(/<\/head>|<body/);
  // `text` may be only the file's start (see maxBytes): its head then runs to the end.
  const head = end === -1 ? text : text.slice(0, end);
  return head.includes(EVAL_REPORT_GENERATOR);
}

/** What `loadout eval --report FILE` may replace: an empty file or an earlier report; nothing else, and never a file the command reads. */
export const EVAL_REPORT_FILE: OutputFileKind = {
  what: 'a loadout eval report',
  recognise: isEvalReport,
  maxBytes: 64 * 1024,
  remedy: 'name another file (or remove this one first if it should go)',
};
