import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time (ms) of the files under `paths` (folders walked; `node_modules`, `dist` and tests skipped). */
export function newestMtime(paths: readonly string[]): number {
  let newest = 0;
  const visit = (path: string): void => {
    if (!existsSync(path)) return;
    const info = statSync(path);
    if (info.isDirectory()) {
      for (const entry of readdirSync(path)) {
        if (entry === 'node_modules' || entry === 'dist' || entry === 'e2e' || entry.endsWith('.test.ts')) continue;
        visit(join(path, entry));
      }
      return;
    }
    newest = Math.max(newest, info.mtimeMs);
  };
  for (const path of paths) visit(path);
  return newest;
}

/** Options of {@link buildIfStale}. */
export interface BuildIfStaleOptions {
  /** The app folder (holds `vite.config.ts` and `dist/`). */
  readonly appRoot: string;
  /** Sources the build depends on besides the app's own `src/`, `build/`, `index.html` and `vite.config.ts`. */
  readonly extraSources: readonly string[];
}

/** Runs `vite build` for the app when `dist/index.html` is missing or older than any source; returns whether it built. */
export async function buildIfStale(options: BuildIfStaleOptions): Promise<boolean> {
  const { appRoot } = options;
  const built = join(appRoot, 'dist', 'index.html');
  const sources = [join(appRoot, 'src'), join(appRoot, 'build'), join(appRoot, 'index.html'), join(appRoot, 'vite.config.ts'), ...options.extraSources];
  if (existsSync(built) && statSync(built).mtimeMs >= newestMtime(sources)) return false;
  const { build } = await import('vite');
  await build({ root: appRoot, configFile: join(appRoot, 'vite.config.ts'), logLevel: 'warn' });
  return true;
}
