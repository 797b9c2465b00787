// The MCP gateway benchmarks, alone (`pnpm bench -- --only throughput,soak`
// runs them with defaults), from the repository root:
//   node --conditions=development --import tsx benchmarks/src/gateway-bench.ts throughput [--rounds N] [--round-searches N] [--peer-result typical|tiny] [--concurrency N] [--tools N] [--json]
//   node --conditions=development --import tsx benchmarks/src/gateway-bench.ts soak [--searches N] [--warmup N] [--sample-every N] [--max-minutes N] [--concurrency N] [--tools N] [--json]
// (`--conditions=development` loads @loadout/* from their sources.) Both run at nice 10 with their processes.
// LOADOUT_BENCH_CPU_PROF=DIR writes a CPU profile of each gateway and bare-server process into DIR.
import { parseArgs } from 'node:util';
import { renice } from './gateway/bench-processes.js';

const { values, positionals } = parseArgs({
  args: process.argv.slice(2).filter((arg) => arg !== '--'),
  allowPositionals: true,
  options: {
    rounds: { type: 'string' },
    'round-searches': { type: 'string' },
    'peer-result': { type: 'string' },
    searches: { type: 'string' },
    warmup: { type: 'string' },
    'sample-every': { type: 'string' },
    'max-minutes': { type: 'string' },
    concurrency: { type: 'string' },
    tools: { type: 'string' },
    json: { type: 'boolean' },
  },
});
const number = (value: string | undefined): number | undefined => (value === undefined ? undefined : Number(value));
const defined = <T extends object>(object: T): T => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as T;
renice();
const setup = defined({ concurrency: number(values.concurrency), tools: number(values.tools) });
let result: unknown;
if (positionals[0] === 'throughput') {
  const { runGatewayThroughput } = await import('./gateway/run-throughput.js');
  result = await runGatewayThroughput({
    ...setup,
    ...defined({
      rounds: number(values.rounds),
      roundSearches: number(values['round-searches']),
      peerResult: values['peer-result'] as 'typical' | 'tiny' | undefined,
    }),
  });
} else if (positionals[0] === 'soak') {
  const { runGatewaySoak } = await import('./gateway/run-soak.js');
  result = await runGatewaySoak({
    ...setup,
    ...defined({
      searches: number(values.searches),
      warmup: number(values.warmup),
      sampleEvery: number(values['sample-every']),
      maxMinutes: number(values['max-minutes']),
    }),
  });
} else {
  process.stderr.write('usage: node --conditions=development --import tsx benchmarks/src/gateway-bench.ts throughput|soak [options] (see the header of this file)\n');
  process.exit(2);
}
if (values.json) process.stdout.write(`${JSON.stringify(result)}\n`);
