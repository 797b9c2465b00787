// Runs a gateway over stdio for the downstream stdio tests:
//   node --conditions=development --import <tsx> gateway-stdio-entry.ts CONFIG [CALL_TIMEOUT_MS] [CALLS]
import { createGateway, createStreamLogger, readMcpConfig, serveStdio } from '../index.js';

const [configPath, callTimeout, calls] = process.argv.slice(2);
if (configPath === undefined) throw new Error('usage: gateway-stdio-entry.ts CONFIG [CALL_TIMEOUT_MS] [CALLS]');
const gateway = await createGateway({
  config: await readMcpConfig(configPath),
  callTimeoutMs: callTimeout === undefined ? 30_000 : Number(callTimeout),
  reconnect: { initialMs: 100, maxMs: 400 },
  ...(calls === 'found' ? { calls: 'found' as const } : {}),
  upstreamStderr: 'ignore',
  logger: createStreamLogger({ level: 'debug', prefix: 'gateway-fixture' }),
});
const served = await serveStdio(gateway);
await served.closed;
