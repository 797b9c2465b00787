/**
 * Longest wait, in ms, for a plug-in to start: its module to load (when the
 * config is read, and again in its worker) and, for a ranker, its
 * definition's `create` to return. 10,000: the gateway's wait for an
 * upstream server to connect (`DEFAULT_CONNECT_TIMEOUT_MS`), so a plug-in
 * that never starts delays `loadout serve` no more than an upstream that
 * never answers. Each sandbox takes another (`SandboxBudget.createMs`,
 * `ModSandboxBudget.loadMs`), 1–600,000.
 */
export const PLUG_IN_START_MS = 10_000;
