import { createLoadoutError, isLoadoutError } from '@loadout/core';

/**
 * A failed catalog load's error as the page shows it: a message that does
 * not name `source` (a file's name; a corrupt index's message does not) is
 * prefixed with it, none when `source` is undefined; `catalog-too-large`
 * says where the limit is raised (the tool limit under the drop zone, up to
 * `max`). The code and details are kept; a value that is not a
 * `LoadoutError` is returned unchanged.
 */
export function explainLoadError(error: unknown, source: string | undefined, max: number): unknown {
  if (!isLoadoutError(error)) return error;
  let message = source === undefined || error.message.includes(source) ? error.message : `${source}: ${error.message}`;
  if (error.code === 'catalog-too-large') message += `; raise the tool limit under the drop zone to load it (up to ${max.toLocaleString('en-US')})`;
  return message === error.message ? error : createLoadoutError(error.code, message, { ...error.details });
}
