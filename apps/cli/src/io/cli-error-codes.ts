/** The command line's own error codes, added to core's without editing its list. */
declare module '@loadout/core' {
  interface LoadoutErrorCodeRegistry {
    /** `--strict`: a warning failed the command (exit 2). */
    'strict-failed': true;
    /** A plug-in ranker's worker has as many searches waiting as it queues: this one was not queued. */
    'ranker-busy': true;
    /** A `.js` plug-in or config written as an ES module in a folder whose package.json makes it CommonJS: name it `.mjs`. */
    'esm-in-commonjs': true;
    /** `--feedback`: the store's learned decision was learned and judged for another ranker than the one named (a warning; `--strict` refuses it). */
    'learned-other-ranker': true;
  }
}

export {};
