// Runs `serveGateway` over stdio as `loadout serve` does (shutting down on SIGINT/SIGTERM), for the stdio shutdown test:
//   node --conditions=development --import <tsx> serve-stdio-entry.ts CONFIG
import { createStreamLogger, readMcpConfig, serveGateway } from '../index.js';

const [configPath] = process.argv.slice(2);
if (configPath === undefined) throw new Error('usage: serve-stdio-entry.ts CONFIG');
const logger = createStreamLogger({ level: 'info', prefix: 'serve-stdio-fixture' });
const served = await serveGateway({ gateway: { config: await readMcpConfig(configPath), logger, upstreamStderr: 'ignore' }, logger });
await served.stopped;
