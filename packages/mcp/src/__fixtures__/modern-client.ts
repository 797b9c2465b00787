import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';

/** An SDK v2 client that speaks 2026-07-28 (stateless) when the server does: `versionNegotiation: auto`. */
export async function connectModernClient(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'modern-test', version: '1.0.0' }, { versionNegotiation: { mode: 'auto' } });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return client;
}
