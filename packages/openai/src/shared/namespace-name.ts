/** A server name as an API-safe namespace name (`^[a-zA-Z0-9_-]{1,64}$`). */
export function namespaceName(server: string): string {
  const safe = server.replace(/[^a-zA-Z0-9_-]+/g, '_').slice(0, 64);
  return safe === '' ? 'tools' : safe;
}
