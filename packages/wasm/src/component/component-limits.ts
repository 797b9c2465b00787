/**
 * `max-tools` of `from-catalog-max-tools`, and the most tools `from-saved`
 * restores: the most small tools the component was measured to index and
 * search (decision 3452: 500,000 built and trapped in the first search,
 * 600,000 and 1,000,000 trapped while building), less than the CLI's
 * `--max-tools` range (1 to 1,000,000). Refusing more up front keeps a
 * catalog from trapping the instance, which ends it.
 */
export const MAX_TOOLS_RANGE = { min: 1, max: 400_000 } as const;

/** {@link MAX_TOOLS_RANGE}'s maximum as messages write it. */
export const MAX_TOOLS_TEXT = '400,000';
