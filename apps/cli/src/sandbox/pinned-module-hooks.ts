// Module hooks a plug-in's worker registers (see import-checked.ts), run in
// Node's hooks thread: the pinned module's URL, and those of the local files
// it imports as `loadout trust` pinned them, are served the bytes the main
// thread read and checked, never the files as they are on disk by then.
// Under a trusted config, a pinned module importing any other local file is
// refused: nothing of that file runs. Every other URL (packages, node's
// built-ins, tsx's, the CLI's own) goes to the next hook unchanged.
import type { InitializeHook, LoadFnOutput, LoadHook, LoadHookContext, ResolveHook } from 'node:module';
import { fileURLToPath } from 'node:url';

/** What the worker registers these hooks with: the pinned module's URL and its checked bytes, and its pinned imports. */
export interface PinnedModuleData {
  readonly url: string;
  /** Absent for TypeScript: tsx reads it from disk. */
  readonly source?: Uint8Array;
  /** The local files it may import, each with its checked bytes (not for TypeScript); undefined: imports are not confined. */
  readonly imports?: readonly { readonly url: string; readonly source?: Uint8Array }[];
}

/** Checked bytes by URL (undefined for a pinned TypeScript file, which tsx reads). */
let served = new Map<string, Uint8Array | undefined>();
let confined = false;
/** How {@link unpinnedImport}'s message names the owner here: the worker maps it to its own words. */
export const UNPINNED_MARK = 'loadout-unpinned-import:';

export const initialize: InitializeHook<PinnedModuleData> = (data) => {
  served = new Map([[data.url, data.source], ...(data.imports ?? []).map((imported) => [imported.url, imported.source] as const)]);
  confined = data.imports !== undefined;
};

/** `url` without its query and fragment (tsx adds a namespace query to the URLs it imports). */
function bare(url: string): string {
  const end = url.search(/[?#]/);
  return end === -1 ? url : url.slice(0, end);
}

/** Whether `url` is a local file (not in `node_modules`), the kind a trusted config's modules may import only when pinned. */
function isLocalFile(url: string): boolean {
  return url.startsWith('file:') && !fileURLToPath(bare(url)).split(/[\\/]/).includes('node_modules');
}

/**
 * Whether `specifier` names a file by its path or URL (`./x.mjs`, `../x`,
 * `/abs/x`, `C:\x`, `file:///abs/x`); a package name is not (it may resolve
 * outside `node_modules`, to a linked or workspace package, which the
 * lockfile pins, not `loadout trust`).
 */
function isPathSpecifier(specifier: string): boolean {
  return /^\.{1,2}([\\/]|$)/.test(specifier) || specifier.startsWith('/') || specifier.startsWith('file:') || /^[A-Za-z]:[\\/]/.test(specifier);
}

/**
 * A pinned URL resolves to itself, not through the file system (where a
 * symlink put there since would lead elsewhere). What a pinned file imports
 * resolves as usual, and under a trusted config a file it names by path or
 * URL must be pinned: another local file is refused here, before it is
 * read. Packages (wherever they resolve) and built-ins go through.
 */
export const resolve: ResolveHook = async (specifier, context, next) => {
  if (served.has(specifier)) return { url: specifier, shortCircuit: true };
  const resolved = await next(specifier, context);
  const parent = context.parentURL === undefined ? undefined : bare(context.parentURL);
  if (confined && parent !== undefined && served.has(parent) && isPathSpecifier(specifier) && isLocalFile(resolved.url) && !served.has(bare(resolved.url))) {
    throw new Error(`${UNPINNED_MARK}${fileURLToPath(bare(resolved.url))}`);
  }
  return resolved;
};

type NextLoad = (url: string, context?: Partial<LoadHookContext>) => LoadFnOutput | Promise<LoadFnOutput>;

/**
 * The format Node gives the file at `url` (`module`, or `commonjs` for a
 * `.cjs` or a `.js` in a CommonJS folder); its source is not used. By the
 * extension when the file can no longer be read.
 */
async function formatOf(url: string, context: LoadHookContext, next: NextLoad): Promise<string> {
  try {
    const { format } = await next(url, context);
    if (typeof format === 'string') return format;
  } catch {
    // Gone or unreadable since it was checked: the checked bytes are still served.
  }
  return url.endsWith('.cjs') ? 'commonjs' : url.endsWith('.json') ? 'json' : 'module';
}

/** A pinned URL's source is its checked bytes, in its file's format; any other URL (and a TypeScript file, for tsx) loads as usual. */
export const load: LoadHook = async (url, context, next) => {
  const source = served.get(bare(url));
  if (source === undefined) return next(url, context);
  return { format: await formatOf(url, context, next), source, shortCircuit: true };
};
