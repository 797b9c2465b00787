/**
 * How logs and refusals name a client whose key is `client` (a principal of
 * `requestPrincipal`: `token <fingerprint>` or `address <address>`, or a bare
 * address): a token by the first 8 hex characters of its fingerprint and, when
 * known, the address it came from (never the token itself); an address key by
 * `address` when given, else as it is.
 */
export function describeClient(client: string, address?: string): string {
  if (client.startsWith('token ')) return `token ${client.slice(6, 14)}${address === undefined ? '' : ` (from ${address})`}`;
  return address ?? client;
}
