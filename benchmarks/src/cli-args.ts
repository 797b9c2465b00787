import { parseArgs } from 'node:util';

/** The parts `main.ts` runs. */
export const BENCH_PARTS = ['quality', 'names', 'learning', 'rerank', 'speed', 'plan', 'throughput', 'soak', 'startup', 'serve-startup', 'fuzz', 'browser', 'wasm', 'replicas'] as const;
/** Names `--only` also takes, each standing for several parts. */
export const BENCH_PART_ALIASES: Readonly<Record<string, readonly BenchPart[]>> = { gateway: ['throughput', 'soak'] };
/** One of {@link BENCH_PARTS}. */
export type BenchPart = (typeof BENCH_PARTS)[number];

/** Parsed command line of the benchmark. */
export interface BenchArgs {
  /** Parts to run. Default: all. */
  readonly parts: readonly BenchPart[];
  /** True when `--only` named the parts (a soak asked for by name runs its full 100,000 searches). */
  readonly only: boolean;
  /** `--data DIR`: eval data root. Default: none (use `../shared/data/eval` from the repo root). */
  readonly dataDir?: string;
  /** `--sets a,b`: only these sets in the quality, learning and rerank parts (default: all), the sets the names part checks (`demo` is the embedded demo catalog; default: mix10k); the speed part always uses mix10k. */
  readonly sets?: readonly string[];
  /** `--rankers a,b`: only these rankers in the quality part. Default: all registered. */
  readonly rankers?: readonly string[];
  /** `--learners a,b`: the learning part's learners (the first reported in full). Default: what a deployment gets, then under a second partition. */
  readonly learners?: readonly string[];
  readonly help: boolean;
}

/** Usage text of `pnpm bench`. */
export const BENCH_USAGE = `Usage: pnpm bench [-- options]
  --only quality|names|learning|rerank|speed|plan|throughput|soak|startup|serve-startup|fuzz|browser|wasm|replicas
                              run one part (comma-separate several; gateway = throughput,soak); default: all
  --data DIR                  eval data root (default: ../shared/data/eval from the repo root)
  --sets a,b                  quality, learning, rerank: only these sets; names: these sets (demo: the
                              embedded demo catalog; default mix10k)
  --rankers a,b               quality: only these rankers
  --learners a,b              learning: these learners (lexical, lexical-seed2: a second partition)
  --help                      this text`;

const list = (value: string | undefined): string[] | undefined =>
  value === undefined ? undefined : value.split(',').map((item) => item.trim()).filter((item) => item.length > 0);

/** Parses `argv` (without node and script); throws an Error with a readable message on bad flags. */
export function parseBenchArgs(argv: readonly string[]): BenchArgs {
  const { values } = parseArgs({
    args: [...argv].filter((arg) => arg !== '--'),
    options: {
      only: { type: 'string' },
      data: { type: 'string' },
      sets: { type: 'string' },
      rankers: { type: 'string' },
      learners: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
    allowPositionals: false,
  });
  const only = list(values.only)?.flatMap((part) => BENCH_PART_ALIASES[part] ?? [part]);
  const unknown = only?.find((part) => !(BENCH_PARTS as readonly string[]).includes(part));
  if (unknown !== undefined) throw new Error(`unknown part "${unknown}" for --only; valid: ${[...BENCH_PARTS, ...Object.keys(BENCH_PART_ALIASES)].join(', ')}`);
  const sets = list(values.sets);
  const rankers = list(values.rankers);
  const learners = list(values.learners);
  return {
    parts: only === undefined || only.length === 0 ? BENCH_PARTS : (only as BenchPart[]),
    only: only !== undefined && only.length > 0,
    ...(values.data === undefined ? {} : { dataDir: values.data }),
    ...(sets === undefined ? {} : { sets }),
    ...(rankers === undefined ? {} : { rankers }),
    ...(learners === undefined ? {} : { learners }),
    help: values.help === true,
  };
}
