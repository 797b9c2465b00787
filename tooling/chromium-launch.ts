/**
 * How every headless-browser run of the workspace launches Debian's
 * Chromium (the root vitest config's `browser` project, @loadout/browser's
 * `browser-package` project, the playground's end-to-end test):
 * `tooling/ensure-chromium.sh` installs it at {@link CHROMIUM_PATH};
 * Playwright never downloads a browser of its own.
 */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** No sandbox (root in CI), no GPU, no first-run pages, and no network of the browser's own (background requests, component updates, sync, QUIC). */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Playwright's `launchOptions` for that Chromium (a fresh object each call). */
export function chromiumLaunchOptions(): { executablePath: string; args: string[] } {
  return { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] };
}
