import { createLoadoutError, isLoadoutError } from '@loadout/core';

/** How every message of `<loadout-search>` starts, in `loadout-error` and on the status line. */
export const ELEMENT_PREFIX = '<loadout-search>: ';

/** A package's own prefix (`@loadout/browser: `, `@loadout/bm25: `), replaced by the element's. */
const PACKAGE_PREFIX = /^(?:<loadout-search>|@loadout\/[a-z0-9-]+): /;

/**
 * `error` as `<loadout-search>` reports it, in `loadout-error` and on the
 * status line alike: a Loadout error (code and details kept) whose message
 * starts with `<loadout-search>: ` once (a package's prefix replaced), then
 * `url` when given and not named yet (the catalog or index the error is
 * about), and for `catalog-too-large` the attribute that raises the limit.
 * Another error is returned as it is.
 */
export function elementError(error: unknown, url?: URL): unknown {
  if (!isLoadoutError(error)) return error;
  let message = error.message.replace(PACKAGE_PREFIX, '');
  if (url !== undefined && !message.includes(url.href) && !message.includes(url.pathname)) message = `${url.href}: ${message}`;
  if (error.code === 'catalog-too-large' && !message.includes('max-tools')) message = `${message}; set the max-tools attribute to allow more (up to 1,000,000)`;
  message = `${ELEMENT_PREFIX}${message}`;
  return message === error.message ? error : createLoadoutError(error.code, message, { ...error.details });
}
