import { createBm25Ranker } from '@loadout/bm25';
import { extractRerankCandidates, toTrainingQuery } from '@loadout/learn';
import type { Bm25Ranker, Bm25RankerOptions } from '@loadout/bm25';
import type { SyncTextVectors } from '@loadout/core';
import type { RerankCandidates } from '@loadout/learn';
import { createRerankVectors, defaultStaticTablePath, loadStaticVectors } from '@loadout/embeddings';
import { createEvalCatalog, listEvalSets, loadEvalSet, nearDuplicatePairs } from '@loadout/eval';
import type { EvalQuery, EvalSet } from '@loadout/eval';
import type { TrainingQuery } from '@loadout/learn';
import { logProgress } from '../progress-log.js';

/** One dev query with its first-stage candidates and their features. */
export interface RerankCase {
  readonly set: string;
  readonly query: EvalQuery;
  readonly candidates: RerankCandidates;
  /** The case as a training example, or undefined when no gold tool is among the candidates. */
  readonly training: TrainingQuery | undefined;
  /** A mix10k query that (near-)repeats a query of the sets mix10k pools (left out of training, kept for scoring). */
  readonly pooledCopy: boolean;
}

/**
 * The training examples of `cases`: every case with a gold tool among its
 * candidates except mix10k's copies of the pooled sets' queries, so no
 * query counts twice. Training on both copies (two different candidate
 * lists) helped out of fold but lost on unseen sets
 * (`docs/decisions/0045-default-stays-model-free.md`), so it is not done.
 */
export function trainingOf(cases: readonly RerankCase[]): TrainingQuery[] {
  return cases.filter((item) => !item.pooledCopy && item.training !== undefined).map((item) => item.training!);
}

/** The sets mix10k pools (its queries include theirs). */
export const POOLED_SETS = ['livemcpbench', 'toolbench_stb', 'sealtools'];

/** Gold names of a query for training labels: every tool of every any-of group. */
export function goldNames(query: EvalQuery): string[] {
  return query.relevantGroups === undefined ? [...query.relevant] : query.relevantGroups.flat();
}

/** Options of {@link loadRerankCases}. */
export interface RerankCaseOptions {
  /** Add the word-vector features (GloVe-SIF, the table `@loadout/embeddings` builds), as `RERANK_VECTOR_FEATURES` rows. Default false. */
  readonly vectors?: boolean;
  /** First-stage options. Default: BM25F's defaults. */
  readonly bm25?: Bm25RankerOptions;
}

/**
 * Every dev query of every set with its first-stage (clause-fused BM25F,
 * default options) top `candidates` and their features, computed once: the
 * features do not depend on the model.
 */
export async function loadRerankCases(
  dataDir: string,
  sets: readonly string[] | undefined,
  candidates: number,
  options: RerankCaseOptions = {},
): Promise<{ cases: RerankCase[]; sets: EvalSet[]; rankers: Map<string, Bm25Ranker> }> {
  const available = (await listEvalSets(dataDir)).filter((set) => set.splits.includes('dev') && (sets === undefined || sets.includes(set.name)));
  const loaded: EvalSet[] = [];
  for (const info of available) loaded.push(await loadEvalSet(info.directory, { split: 'dev' }));
  const pooled = loaded.filter((set) => POOLED_SETS.includes(set.name)).flatMap((set) => set.queries.map((query) => query.query));
  const cases: RerankCase[] = [];
  const rankers = new Map<string, Bm25Ranker>();
  const table = options.vectors === true ? await loadStaticVectors(defaultStaticTablePath()) : undefined;
  for (const evalSet of loaded) {
    logProgress(`rerank: ${evalSet.name}: first stage and features for ${evalSet.queries.length} queries (top ${candidates})`);
    const ranker = createBm25Ranker(options.bm25);
    // Vectors per set: each catalog fits its own principal components.
    const vectors: SyncTextVectors | undefined = table === undefined ? undefined : createRerankVectors(table);
    ranker.index(createEvalCatalog(evalSet).tools);
    rankers.set(evalSet.name, ranker);
    const copies =
      evalSet.name === 'mix10k'
        ? new Set(nearDuplicatePairs(evalSet.queries.map((query) => query.query), pooled).map(([index]) => index))
        : new Set<number>();
    evalSet.queries.forEach((query, index) => {
      const found = extractRerankCandidates(ranker, query.query, candidates, vectors);
      cases.push({ set: evalSet.name, query, candidates: found, training: toTrainingQuery(found, goldNames(query)), pooledCopy: copies.has(index) });
    });
  }
  return { cases, sets: loaded, rankers };
}
