import { createLoadoutError } from '@loadout/core';
import type { LoadoutError } from '@loadout/core';
import { startsLikeHtml } from './html-answer.js';

/** The worker file beside the element's ES module build (`dist/element.js`). */
const WORKER_FILE = 'loadout-search-worker.js';

/** The Trusted Types policy the element creates for its worker's URL; a page whose CSP lists policies adds it: `trusted-types loadout-search`. */
export const TRUSTED_TYPES_POLICY = 'loadout-search';

/** The URL of the element's worker: `loadout-search-worker.js` beside this module. */
export function elementWorkerUrl(): URL {
  return new URL(WORKER_FILE, import.meta.url);
}

interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown;
}

interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy;
}

/** The policy, once created (one per page: a second `createPolicy` of one name is refused). */
let policy: ScriptUrlPolicy | undefined;

/**
 * `url` as `new Worker` takes it: a TrustedScriptURL of the policy
 * `loadout-search` where the browser has Trusted Types (the policy passes
 * only the element's own worker URL), else the string. A page whose CSP
 * does not allow the policy gets the string, which `new Worker` refuses only
 * where Trusted Types are required.
 */
function scriptUrl(url: URL): string {
  const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes;
  if (factory === undefined) return url.href;
  if (policy === undefined) {
    try {
      const own = elementWorkerUrl().href;
      policy = factory.createPolicy(TRUSTED_TYPES_POLICY, {
        createScriptURL: (input) => {
          if (input !== own) throw new TypeError(`${TRUSTED_TYPES_POLICY} only allows the element's worker ${own}`);
          return input;
        },
      });
    } catch {
      // The page's CSP does not allow it: `new Worker` then says whether Trusted Types are required.
      return url.href;
    }
  }
  return policy.createScriptURL(url.href) as string;
}

/**
 * Starts the element's worker, a module worker. Where it cannot be created
 * (a Trusted Types policy that refuses the policy `loadout-search`), throws
 * `unsupported-environment` saying what to add to the CSP.
 */
export function createElementWorker(): Worker {
  const url = elementWorkerUrl();
  try {
    return new Worker(scriptUrl(url), { type: 'module' });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const advice = /trusted/i.test(reason)
      ? `; under require-trusted-types-for 'script', allow the element's policy: add ${TRUSTED_TYPES_POLICY} to the trusted-types directive of the Content-Security-Policy`
      : '';
    throw createLoadoutError('unsupported-environment', `<loadout-search>: the engine worker ${url.href} could not be created (${reason})${advice}`, { url: url.href, started: false });
  }
}

/**
 * Why the worker at `url` did not start, found by fetching it: it answered
 * an error status or an HTML page (the file is not served there), or it is
 * served, so a chunk of `element-chunks/` it imports failed to load. Always
 * `unsupported-environment`, naming the worker URL (never the catalog's).
 */
export async function workerStartError(url: URL, reason: unknown, fetchUrl: (url: URL) => Promise<Response> = (target) => fetch(target)): Promise<LoadoutError> {
  const copy = 'copy loadout-search-worker.js and element-chunks/ from @loadout/browser/dist beside element.js (or your bundle)';
  let why: string;
  try {
    const response = await fetchUrl(url);
    if (!response.ok) why = `it answered HTTP ${response.status}: ${copy}`;
    else if (startsLikeHtml(new Uint8Array(await response.arrayBuffer()))) why = `it answered an HTML page, not the worker script: ${copy}`;
    else why = 'the worker script is served, so a chunk of element-chunks/ it imports failed to load: copy element-chunks/ from @loadout/browser/dist beside it';
  } catch (error) {
    why = `it could not be fetched (${error instanceof Error ? error.message : String(error)}): ${copy}`;
  }
  const detail = typeof reason === 'string' && reason !== '' ? ` (${reason})` : '';
  return createLoadoutError('unsupported-environment', `<loadout-search>: the engine worker ${url.href} did not start${detail}: ${why}`, { url: url.href, started: false });
}
