import type { OutputFileKind } from './guard-output-file.js';

/**
 * What `loadout serve --ready-file` writes and may replace: one endpoint line,
 * `stdio` or `http://HOST:PORT/mcp`, as a previous run wrote it.
 */
export const READY_FILE: OutputFileKind = {
  what: 'a ready file (one endpoint line that loadout serve --ready-file wrote)',
  recognise: (text) => /^(?:stdio|https?:\/\/[^\s]+)\n?$/.test(text),
  maxBytes: 4096,
  remedy: 'name a new file, or remove this one first',
};
