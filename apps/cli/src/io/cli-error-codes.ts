/** The command line's own error codes, added to core's without editing its list. */
declare module '@loadout/core' {
  interface LoadoutErrorCodeRegistry {
    /** `--strict`: a warning failed the command (exit 2). */
    'strict-failed': true;
  }
}

export {};
