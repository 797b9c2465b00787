const reference = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/**
 * Replaces `${VAR}` and `${VAR:-default}` in `text` from `env`, as Claude
 * Code does in `.mcp.json`; an empty variable counts as unset. Returns the
 * expanded text, or the name of the first variable that is unset and has no
 * default.
 */
export function expandEnv(text: string, env: Readonly<Record<string, string | undefined>>): { text: string } | { missing: string } {
  let missing: string | undefined;
  const expanded = text.replace(reference, (match, name: string, fallback: string | undefined) => {
    const value = Object.prototype.hasOwnProperty.call(env, name) ? env[name] : undefined;
    if (typeof value === 'string' && value !== '') return value;
    if (fallback !== undefined) return fallback;
    missing ??= name;
    return match;
  });
  return missing === undefined ? { text: expanded } : { missing };
}
