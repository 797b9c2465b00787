/** True for addresses that only this machine can reach: `localhost`, `127.0.0.0/8`, `::1` (bracketed or not). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  const lower = bare.toLowerCase();
  if (lower === 'localhost' || lower === '::1' || lower === '0:0:0:0:0:0:0:1') return true;
  const parts = lower.split('.');
  return parts.length === 4 && parts[0] === '127' && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255);
}

/** `host` as it appears in a URL or a `Host` header: IPv6 addresses bracketed. */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}
