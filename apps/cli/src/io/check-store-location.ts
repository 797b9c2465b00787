import { createLoadoutError } from '@loadout/core';
import { redactUrl } from '@loadout/core/utils';


/**
 * Throws `invalid-option` (`details`, say `{ flag: 'feedback' }`) when a
 * `--feedback` / `--store` value is empty, or a URL of another scheme than
 * `postgres://` or `postgresql://` (`mysql://…`, `file://…`): taken as a
 * file path, it would create folders named after it. The message masks
 * its password.
 */
export function checkStoreLocation(location: string, flag: string, details: Readonly<Record<string, unknown>>): void {
  // Empty, it would resolve to the working folder and fail as a folder that cannot be written.
  if (location.trim() === '') throw createLoadoutError('invalid-option', `--${flag} needs a file path or a postgres:// URL, got an empty value`, details);
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(location)) return;
  if (/^postgres(?:ql)?:\/\//i.test(location)) {
    // Malformed (a port that is no number, say): refused here, never mistaken for a database that is down.
    if (!URL.canParse(location)) throw createLoadoutError('invalid-option', `--${flag} ${redactUrl(location)} is not a valid URL (postgres://USER@HOST:PORT/DATABASE)`, details);
    return;
  }
  throw createLoadoutError(
    'invalid-option',
    `--${flag} ${redactUrl(location)} is not a supported feedback store: give a file path, or a postgres:// or postgresql:// URL`,
    details,
  );
}
