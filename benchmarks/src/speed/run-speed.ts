import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assignFolds, createEvalCatalog, createRankerByName, loadEvalSet } from '@loadout/eval';
import type { EvalSet } from '@loadout/eval';
import { createMiniSearchPeer } from '../peers/minisearch-peer.js';
import { createOramaPeer } from '../peers/orama-peer.js';
import { createRankerPeer } from '../peers/ranker-peer.js';
import type { SearchPeer } from '../peers/search-peer.js';
import { logProgress } from '../progress-log.js';
import { formatMs, formatPoints } from '../report/format.js';
import { renderSpeedReport } from '../report/speed-report.js';
import type { EngineMeasurement } from './engine-measurement.js';
import { measurePeer } from './measure-peer.js';
import { canCollectGarbage } from './memory.js';
import { measureVectorIndexes } from './measure-vector-indexes.js';

/** Options of {@link runSpeed}. */
export interface RunSpeedOptions {
  readonly dataDir: string;
  readonly resultsDir: string;
  /** The set to measure on. Default `mix10k`. */
  readonly set?: string;
}

/** The reference every ratio divides by. */
export const REFERENCE_ENGINE = 'bm25f';

/** BM25F with a usage field learned from the dev queries outside fold 0 (the learned ranker a deployment runs). */
async function createUsagePeer(evalSet: EvalSet): Promise<SearchPeer> {
  const { createBm25Ranker, createUsageField } = await import('@loadout/bm25');
  const folds = assignFolds(
    evalSet.queries.map((query) => query.query),
    5,
  );
  const events = evalSet.queries.filter((_, index) => folds[index] !== 0).map((query) => ({ query: query.query, called: query.relevant }));
  return createRankerPeer(createBm25Ranker({ usage: createUsageField(events).text }), 'bm25f + usage');
}

const PEERS: readonly { readonly name: string; readonly create: (evalSet: EvalSet) => Promise<SearchPeer> }[] = [
  { name: 'bm25f', create: async () => createRankerPeer(await createRankerByName('bm25f'), 'bm25f') },
  { name: 'bm25f + usage', create: createUsagePeer },
  { name: 'wink-bm25', create: async () => createRankerPeer(await createRankerByName('wink-bm25'), 'wink-bm25') },
  { name: 'minisearch', create: async () => createMiniSearchPeer() },
  { name: 'orama', create: async () => createOramaPeer() },
];

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

function describe(item: EngineMeasurement): string {
  return `build ${formatMs(item.buildMs)} ms, p50 ${formatMs(item.p50Ms)} ms, p99 ${formatMs(item.p99Ms)} ms, ${item.qualityLabel} ${formatPoints(item.quality)}`;
}

/**
 * Measures our BM25F against wink-bm25-text-search, MiniSearch and Orama,
 * and the HNSW against the exact vector index, one after another in this
 * process on one set (mix10k); writes `speed.md` and `speed.json`.
 */
export async function runSpeed(options: RunSpeedOptions): Promise<EngineMeasurement[]> {
  const setName = options.set ?? 'mix10k';
  logProgress(`speed: loading ${setName}`);
  const evalSet: EvalSet = await loadEvalSet(join(options.dataDir, setName), { split: 'dev' });
  const tools = createEvalCatalog(evalSet).tools;
  const measurements: EngineMeasurement[] = [];
  const notes: string[] = [
    'bm25f and wink-bm25 share Loadout\'s analyzer (identifier splitting, stopwords dropped, name/description/parameters/server fields); MiniSearch and Orama index name and description with their default tokenizers and get the raw query, as a user of those libraries would.',
  ];
  notes.push(
    '"bm25f + usage" is BM25F with the usage field learned from the dev queries outside fold 0 of 5: its speed is the learned ranker\'s, its quality figure includes queries it learned from (out-of-fold quality: pnpm bench -- --only learning).',
  );
  if (!canCollectGarbage()) notes.push('Run without --expose-gc: memory figures are missing.');
  for (const peer of PEERS) {
    try {
      logProgress(`speed: ${peer.name}: building over ${tools.length} tools and timing ${evalSet.queries.length} queries…`);
      const measurement = await measurePeer(await peer.create(evalSet), tools, evalSet.queries);
      logProgress(`speed: ${peer.name}: ${describe(measurement)}`);
      measurements.push(measurement);
    } catch (error) {
      logProgress(`speed: ${peer.name}: failed: ${message(error)}`);
      notes.push(`${peer.name}: not measured: ${message(error)}`);
    }
  }
  try {
    const vectors = await measureVectorIndexes(tools, evalSet.queries);
    for (const item of vectors.measurements) logProgress(`speed: ${item.name}: ${describe(item)}`);
    measurements.push(...vectors.measurements);
    notes.push(...vectors.notes);
  } catch (error) {
    logProgress(`speed: vector indexes: failed: ${message(error)}`);
    notes.push(`vector indexes: not measured: ${message(error)}`);
  }
  const report = renderSpeedReport(measurements, {
    set: setName,
    tools: tools.length,
    queries: evalSet.queries.length,
    nodeVersion: process.version,
    gc: canCollectGarbage(),
    reference: REFERENCE_ENGINE,
    notes,
  });
  await mkdir(options.resultsDir, { recursive: true });
  await writeFile(join(options.resultsDir, 'speed.md'), report);
  await writeFile(
    join(options.resultsDir, 'speed.json'),
    `${JSON.stringify({ generatedAt: new Date().toISOString(), node: process.version, set: setName, tools: tools.length, measurements, notes }, null, 2)}\n`,
  );
  process.stdout.write(`\n${report}\nWrote ${join(options.resultsDir, 'speed.md')}\n`);
  return measurements;
}
