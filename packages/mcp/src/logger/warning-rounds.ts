import type { GatewayLogger } from './gateway-logger.js';

/** Lines of one round logged at most; the rest are counted in one more line. */
const MAX_LINES = 20;

/**
 * Warnings that recur in rounds (one upstream's listing, one re-index),
 * logged once per change: a round logs only the lines the previous round did
 * not have (up to 20, and a count of the rest), the first of them saying how
 * many rounds before it brought nothing new; a round with nothing new is
 * only counted.
 */
export interface WarningRounds {
  /** Reports one round's warnings, in order. */
  report(lines: readonly string[]): void;
}

/** Creates {@link WarningRounds} writing to `logger.warn`; `what` names a round, singular and plural (`['listing', 'listings']`). */
export function createWarningRounds(logger: GatewayLogger, what: readonly [one: string, many: string]): WarningRounds {
  let previous = '';
  let unchanged = 0;
  return {
    report(lines) {
      const key = lines.join('\n');
      const seen = new Set(previous.split('\n'));
      const fresh = key === '' ? [] : lines.filter((line) => !seen.has(line));
      previous = key;
      if (fresh.length === 0) {
        if (key !== '') unchanged += 1;
        return;
      }
      const repeated = unchanged === 0 ? '' : ` (${unchanged} ${what[unchanged === 1 ? 0 : 1]} before this one repeated known warnings, not logged again)`;
      unchanged = 0;
      fresh.slice(0, MAX_LINES).forEach((line, index) => logger.warn(index === 0 ? `${line}${repeated}` : line));
      if (fresh.length > MAX_LINES) logger.warn(`… and ${fresh.length - MAX_LINES} more warnings of this ${what[0]}`);
    },
  };
}
