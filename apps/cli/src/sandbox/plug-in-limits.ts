/**
 * Longest wait, in ms, for a plug-in to start: its module to load when the
 * config is read (a ranker's in the worker its first ranker then uses, see
 * `startDefinitionWorker`; again in any later worker) and, for a ranker, its
 * definition's `create` to return. 10,000: the gateway's wait for an
 * upstream server to connect (`DEFAULT_CONNECT_TIMEOUT_MS`), so a plug-in
 * that never starts delays `loadout serve` no more than an upstream that
 * never answers. A ranker's own budget is its config entry's
 * `startTimeoutMs` ({@link RANKER_START_RANGE}); each sandbox takes another
 * (`SandboxBudget.createMs`, `ModSandboxBudget.loadMs`), 1–600,000.
 */
export const PLUG_IN_START_MS = 10_000;

/**
 * The range of a `rankers` entry's `startTimeoutMs`, in ms: from 1 s (less
 * fails a healthy worker's start on a busy machine) to 10 minutes (the
 * sandbox's longest budget), for a `create` that loads a model.
 */
export const RANKER_START_RANGE = { min: 1_000, max: 600_000 } as const;

/**
 * How long `loadout serve` lets a ranker's start go on once its budget
 * passed (bm25f ranks meanwhile), counted from when the start began, in ms:
 * 600,000, the top of {@link RANKER_START_RANGE}. See `SandboxBudget.lateStartMs`.
 */
export const PLUG_IN_LATE_START_MS = RANKER_START_RANGE.max;

/** What a message about a ranker's start budget adds, so the operator finds the knob. */
export const START_BUDGET_HINT = 'a "rankers" entry\'s "startTimeoutMs" allows more';

/** A plug-in worker's heap limit (`resourceLimits.maxOldGenerationSizeMb`) unless its budget says otherwise, in MiB: 256. */
export const PLUG_IN_MEMORY_MB = 256;
