import { createLoadoutError } from '@loadout/core';
import { redactUrl } from '@loadout/core/utils';
import { postgresUrlProblem } from './check-postgres-url.js';

/**
 * Throws `invalid-option` (`details`, say `{ flag: 'feedback' }`) when a
 * `--feedback` / `--store` value is empty, a URL of another scheme than
 * `postgres://` or `postgresql://` (`mysql://…`, `file://…`: taken as a
 * file path, it would create folders named after it), or a PostgreSQL URL
 * that node-postgres cannot use as meant ({@link postgresUrlProblem}: no
 * host, a bad port; `env` is where `PGHOST` is read). The message masks
 * the URL's userinfo and query values.
 */
export function checkStoreLocation(location: string, flag: string, details: Readonly<Record<string, unknown>>, env: Readonly<Record<string, string | undefined>>): void {
  // Empty, it would resolve to the working folder and fail as a folder that cannot be written.
  if (location.trim() === '') throw createLoadoutError('invalid-option', `--${flag} needs a file path or a postgres:// URL, got an empty value`, details);
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) return;
  if (/^postgres(?:ql)?:\/\//i.test(location)) {
    // Malformed (a port that is no number, no host): refused here, never mistaken for a database that is down.
    const problem = postgresUrlProblem(location, env);
    if (problem !== undefined) throw createLoadoutError('invalid-option', `--${flag} ${redactUrl(location)} ${problem}`, details);
    return;
  }
  throw createLoadoutError(
    'invalid-option',
    `--${flag} ${redactUrl(location)} is not a supported feedback store: give a file path, or a postgres:// or postgresql:// URL`,
    details,
  );
}
