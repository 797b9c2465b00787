// Serves a gateway in a process of its own whose one upstream is a wrapper still in its handshake, its child ignoring
// SIGTERM; shuts down once that child runs, prints the wrapper's processes, then has nothing left to do:
//   node --conditions=development --import <tsx> shutdown-in-handshake-entry.ts MARKER
import { readFileSync } from 'node:fs';
import { createStreamLogger, serveGateway } from '../index.js';
import { listDescendants } from '../upstream/process-tree.js';

const [marker] = process.argv.slice(2);
if (marker === undefined) throw new Error('usage: shutdown-in-handshake-entry.ts MARKER');
const child = `${JSON.stringify(process.execPath)} -e "process.on('SIGTERM', () => {}); setInterval(() => {}, 1e6)" ${marker}`;
const stubborn = (): number[] =>
  listDescendants(process.pid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').includes(marker);
    } catch {
      return false;
    }
  });
let stop: () => void = () => {};
const shutdown = new Promise<void>((resolve) => (stop = resolve));
const logger = createStreamLogger({ level: 'warn', prefix: 'shutdown-fixture' });
const served = await serveGateway({
  gateway: {
    config: { mcpServers: { stubborn: { type: 'stdio', command: 'sh', args: ['-c', `${child} & wait`], env: {}, alwaysLoad: false } } },
    logger,
    upstreamStderr: 'ignore',
    connectTimeoutMs: 120_000,
    startupWaitMs: 0,
  },
  http: { port: 0 },
  shutdown: () => shutdown,
  logger,
});
const poll = setInterval(() => {
  const pids = stubborn();
  if (pids.length === 0) return;
  clearInterval(poll);
  process.stdout.write(`${JSON.stringify(pids)}\n`);
  stop();
}, 50);
await served.stopped;
