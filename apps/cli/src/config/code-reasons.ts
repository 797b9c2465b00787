/**
 * Why the config at `path` runs code when loaded, or an empty list: a
 * module config (`.mjs`/`.js`/`.ts`, …) always; a JSON config when it names
 * `plugins` or `rankers` modules (`file` is its parsed value), or, when
 * `startsServers` (`loadout serve`), `mcpServers` with a `command` to start.
 */
export function codeReasons(path: string, file: unknown, startsServers = false): string[] {
  if (!path.endsWith('.json')) return ['it is a module'];
  if (typeof file !== 'object' || file === null) return [];
  const reasons = ['plugins', 'rankers'].filter((key) => Object.hasOwn(file, key)).map((key) => `it names "${key}" modules`);
  const servers = (file as { mcpServers?: unknown }).mcpServers;
  const commands = typeof servers === 'object' && servers !== null && Object.values(servers).some((server) => typeof server === 'object' && server !== null && 'command' in server);
  if (startsServers && commands) reasons.push('its "mcpServers" name commands to start');
  return reasons;
}
