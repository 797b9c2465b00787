import { createLoadoutError } from '@loadout/core';
import { redactUrl } from '@loadout/core/utils';

/** Whether a flag's value is a URL (`scheme://…`) rather than a file path (`C:\…` and `./a:b` are paths). */
export function isUrl(value: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(value);
}

/**
 * Throws `invalid-option` (`details.flag`) when `--<flag>`, which takes a
 * file, is given a URL: read as a path it would be a file that is not there,
 * and that message would show the URL's password. The message names the
 * flag and the URL through core's `redactUrl`, never its userinfo or query
 * values; `details` holds no value. Undefined (the flag not given) passes.
 */
export function checkFileFlag(value: string | undefined, flag: string, hint = 'give a file path'): void {
  if (value === undefined || !isUrl(value)) return;
  throw createLoadoutError('invalid-option', `--${flag} takes a file, not a URL (got ${redactUrl(value)}): ${hint}`, { flag });
}
