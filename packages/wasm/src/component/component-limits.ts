/**
 * `max-tools` of `from-catalog-max-tools`, and the most tools `from-saved`
 * restores: the most small tools the component was measured to index
 * (decision 3452: 400,000 built; 600,000 and 1,000,000 trapped in
 * SpiderMonkey, at 2.0 and 2.9 GB), less than the CLI's `--max-tools` range
 * (1 to 1,000,000). Refusing more up front keeps a catalog from running the
 * instance out of memory, which traps and ends it.
 */
export const MAX_TOOLS_RANGE = { min: 1, max: 400_000 } as const;

/** {@link MAX_TOOLS_RANGE}'s maximum as messages write it. */
export const MAX_TOOLS_TEXT = '400,000';
