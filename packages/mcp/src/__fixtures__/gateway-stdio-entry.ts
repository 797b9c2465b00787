// Runs a gateway over stdio for the downstream stdio tests:
//   node --conditions=development --import <tsx> gateway-stdio-entry.ts CONFIG [CALL_TIMEOUT_MS]
import { createGateway, createStreamLogger, readMcpConfig, serveStdio } from '../index.js';

const [configPath, callTimeout] = process.argv.slice(2);
if (configPath === undefined) throw new Error('usage: gateway-stdio-entry.ts CONFIG [CALL_TIMEOUT_MS]');
const gateway = await createGateway({
  config: await readMcpConfig(configPath),
  callTimeoutMs: callTimeout === undefined ? 30_000 : Number(callTimeout),
  reconnect: { initialMs: 100, maxMs: 400 },
  upstreamStderr: 'ignore',
  logger: createStreamLogger({ level: 'debug', prefix: 'gateway-fixture' }),
});
const served = await serveStdio(gateway);
await served.closed;
