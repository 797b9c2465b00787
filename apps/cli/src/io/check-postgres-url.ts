/**
 * What is wrong with a `postgres://` / `postgresql://` URL before any
 * connection is tried, or undefined when node-postgres can use it as meant:
 * - it must parse as a URL;
 * - it must name a host: in the URL, as a `host` query parameter (a socket
 *   folder: `postgres:///loadout?host=/var/run/postgresql`), or through
 *   `PGHOST` in `env`. Without one, node-postgres connects to localhost over
 *   TCP while libpq (psql) uses the local Unix socket, so the same URL
 *   would reach two servers, or one under two authentication rules (3442);
 * - a port, in the URL or as a `port` query parameter, must be 1–65535.
 */
export function postgresUrlProblem(location: string, env: Readonly<Record<string, string | undefined>>): string | undefined {
  if (!URL.canParse(location)) return 'is not a valid URL (postgres://USER@HOST:PORT/DATABASE)';
  const url = new URL(location);
  const hostParameter = url.searchParams.get('host');
  if (url.hostname === '' && (hostParameter === null || hostParameter === '') && (env['PGHOST'] ?? '') === '') {
    return (
      'names no host: node-postgres would connect to localhost over TCP, where psql would use the local socket; ' +
      'name it: postgres://localhost/DATABASE over TCP, postgres:///DATABASE?host=/var/run/postgresql for the socket, or set PGHOST'
    );
  }
  for (const port of [url.port, url.searchParams.get('port')]) {
    if (port === null || port === '') continue;
    if (!/^\d{1,5}$/.test(port) || Number(port) < 1 || Number(port) > 65_535) return `has port ${JSON.stringify(port)}: a port is a number from 1 to 65535`;
  }
  return undefined;
}
