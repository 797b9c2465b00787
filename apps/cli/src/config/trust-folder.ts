import { homedir } from 'node:os';
import { join } from 'node:path';

/** Environment variables the trust records depend on. */
export type TrustEnvironment = Readonly<Record<string, string | undefined>>;

/**
 * The folder holding the trust records: `$LOADOUT_CONFIG_HOME/trust`, else
 * `$XDG_CONFIG_HOME/loadout/trust`, else `~/.config/loadout/trust` (as
 * direnv keeps its `allow` records in the user's folders, never the project's).
 */
export function trustFolder(env: TrustEnvironment): string {
  const own = env['LOADOUT_CONFIG_HOME'];
  if (own !== undefined && own !== '') return join(own, 'trust');
  const xdg = env['XDG_CONFIG_HOME'];
  const base = xdg !== undefined && xdg !== '' ? xdg : join(env['HOME'] || homedir(), '.config');
  return join(base, 'loadout', 'trust');
}
