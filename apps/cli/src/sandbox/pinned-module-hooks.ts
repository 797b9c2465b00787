// Module hooks a plug-in's worker registers (see import-checked.ts), run in
// Node's hooks thread: the pinned module's URL is served the bytes the main
// thread read and checked, never the file as it is on disk by then. Every
// other URL (the modules it imports, tsx's) goes to the next hook unchanged.
import type { InitializeHook, LoadFnOutput, LoadHook, LoadHookContext, ResolveHook } from 'node:module';

/** What the worker registers these hooks with: the pinned module's URL and its checked bytes. */
export interface PinnedModuleData {
  readonly url: string;
  readonly source: Uint8Array;
}

let served: PinnedModuleData | undefined;

export const initialize: InitializeHook<PinnedModuleData> = (data) => {
  served = data;
};

/** The pinned URL resolves to itself, not through the file system (where a symlink put there since would lead elsewhere). */
export const resolve: ResolveHook = (specifier, context, next) => (specifier === served?.url ? { url: specifier, shortCircuit: true } : next(specifier, context));

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
  return url.endsWith('.cjs') ? 'commonjs' : 'module';
}

/** The pinned URL's source is the checked bytes, in its file's format; any other URL loads as usual. */
export const load: LoadHook = async (url, context, next) => {
  if (served === undefined || url !== served.url) return next(url, context);
  return { format: await formatOf(url, context, next), source: served.source, shortCircuit: true };
};
