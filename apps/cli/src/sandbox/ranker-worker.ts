// The worker thread of a sandboxed ranker (see sandboxed-ranker.ts): it
// imports the plug-in's module from the bytes the main thread checked, and
// answers one operation at a time. The first worker of a ranker is started
// when the config is read, to check its definition (`describe`, see
// definition-worker.ts): the module's top-level code runs there, once, and
// never in the main thread.
// Nothing here is trusted by the main thread: every answer is checked there.
import './stdout-to-stderr.js';
import { parentPort, workerData } from 'node:worker_threads';
import type { CatalogTool, Ranker, RankerDefinition, RankerUsageField } from '@loadout/core';
import { describeValue, isLoadoutError } from '@loadout/core';
import { validateRankerDefinition } from '@loadout/core/plugins';
import { describeLoadFailure, loadFailure } from '../config/load-failure.js';
import { metadataOf, type DefinitionReport } from './definition-report.js';
import { importChecked } from './import-checked.js';
import type { SandboxCreated, SandboxRequest, SandboxResponse, SandboxStage, SandboxStarted, SandboxUsage, WorkerData } from './sandbox-protocol.js';

const { module, name } = workerData as WorkerData;
const owner = `ranker ${JSON.stringify(name)}`;
let definition: RankerDefinition | undefined;
let ranker: Ranker | undefined;

/** Longest message sent back, in characters. */
const MAX_MESSAGE = 300;

/** What the plug-in threw and at which stage (see `SandboxResponse`). */
class StageFailure {
  constructor(
    readonly stage: SandboxStage,
    readonly thrown: unknown,
  ) {}
}

/** Not thrown by the plug-in: its `create` returned something that is not a ranker (`ranker-invalid`). */
class NotARanker extends Error {}

/** The methods every use of a ranker calls first; a `create` result without them is not a ranker. */
const RANKER_METHODS = ['index', 'search'] as const;

/** Throws {@link NotARanker} unless `made` has the methods of {@link RANKER_METHODS}. */
function assertRanker(made: unknown): asserts made is Ranker {
  if (typeof made !== 'object' || made === null) throw new NotARanker(`its definition's create returned ${describeValue(made)}, not a ranker`);
  const missing = RANKER_METHODS.filter((method) => typeof (made as Record<string, unknown>)[method] !== 'function');
  if (missing.length > 0) {
    throw new NotARanker(`its definition's create returned an object without the method${missing.length > 1 ? 's' : ''} ${missing.join(' and ')}, not a ranker`);
  }
}

/** Runs one step of the plug-in's code, tagging what it throws with `stage`. */
async function at<T>(stage: SandboxStage, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new StageFailure(stage, error);
  }
}

/** An Error's first line (never its stack), else the value described; at most {@link MAX_MESSAGE} characters. */
function describeThrown(thrown: unknown): string {
  const text = thrown instanceof Error ? (thrown.message.split('\n')[0] ?? '').trim() || thrown.name : `it threw ${describeValue(thrown)}`;
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE - 1)}…` : text;
}

async function load(): Promise<RankerDefinition> {
  if (definition === undefined) {
    const value = await importChecked(module, owner);
    validateRankerDefinition(value, 'its default export');
    if (value.name !== name) throw new Error(`${module.file} defines the ranker ${JSON.stringify(value.name)}, not ${JSON.stringify(name)}`);
    definition = value;
  }
  return definition;
}

/** Loads the module and checks its definition, as the config's load reports it (see `DefinitionReport`); never throws. */
async function report(): Promise<DefinitionReport> {
  let value: unknown;
  try {
    value = await importChecked(module, owner);
  } catch (error) {
    if (isLoadoutError(error) && error.code === 'config-untrusted') return { ok: false, failure: { kind: 'untrusted', message: describeThrown(error) } };
    // One line naming the file: a syntax error's FILE:LINE:COLUMN, a throw's first line (never a stack, never source text).
    const failure = loadFailure(error, module.file);
    return { ok: false, failure: { kind: 'import', esmInCommonJs: failure.kind === 'esm-in-commonjs', message: describeLoadFailure(failure, module.file) } };
  }
  if (value === undefined) return { ok: false, failure: { kind: 'no-default' } };
  try {
    validateRankerDefinition(value, 'its default export');
  } catch (error) {
    return { ok: false, failure: { kind: 'invalid', message: error instanceof Error ? error.message : String(error) } };
  }
  if (value.name !== name) return { ok: false, failure: { kind: 'misnamed', defined: value.name } };
  const metadata = metadataOf(value);
  try {
    structuredClone(metadata);
  } catch (error) {
    // An option's default that is a function, say: the main thread could not receive it.
    return { ok: false, failure: { kind: 'invalid', message: `its default export: its options cannot leave its worker thread: ${describeThrown(error)}` } };
  }
  definition = value;
  return { ok: true, metadata };
}

/** The usage field rebuilt from data: the main thread evaluated its functions per tool. */
function usageField(usage: SandboxUsage): RankerUsageField {
  return {
    weight: usage.weight,
    text: (tool: CatalogTool) => usage.texts[tool.displayName],
    ...(usage.model === undefined ? {} : { model: usage.model }),
  };
}

async function handle(request: SandboxRequest): Promise<unknown> {
  if (request.op === 'describe') return report();
  const loaded = await at('load', load);
  switch (request.op) {
    case 'index': {
      const usage = request.usage;
      const withUsage = loaded.capabilities?.usage;
      const options = request.options;
      const created = usage !== undefined && withUsage !== undefined ? withUsage.withUsage(options as never, usageField(usage)) : options;
      ranker = undefined;
      const made: unknown = await at('create', () => loaded.create(created as never));
      assertRanker(made);
      // Started: the index budget runs from here, the start budget (loading and create) ends.
      parentPort!.postMessage({ id: request.id, created: true } satisfies SandboxCreated);
      await at('index', () => made.index(request.tools));
      ranker = made;
      return made.size;
    }
    case 'add':
      await at('add', () => ranker!.add(request.tools));
      return ranker!.size;
    case 'remove':
      await at('remove', () => ranker!.remove(request.names));
      return ranker!.size;
    case 'search': {
      const allowed = request.allowed === undefined ? undefined : new Set(request.allowed);
      // Its time budget starts now: the time it waited behind other searches is not its own.
      parentPort!.postMessage({ id: request.id, started: true } satisfies SandboxStarted);
      const hits = await at('search', () => ranker!.search(request.query, allowed === undefined ? request.options : { ...request.options, filter: (tool) => allowed.has(tool.displayName) }));
      if (!Array.isArray(hits)) return hits;
      return hits.map((hit: { tool?: { displayName?: unknown }; score?: unknown; explanation?: unknown }) => ({
        name: hit?.tool?.displayName,
        score: hit?.score,
        ...(hit?.explanation === undefined ? {} : { explanation: hit.explanation }),
      }));
    }
  }
}

parentPort!.on('message', (request: SandboxRequest) => {
  handle(request).then(
    (value) => parentPort!.postMessage({ id: request.id, ok: true, value }),
    (error: unknown) => {
      if (error instanceof NotARanker) {
        parentPort!.postMessage({ id: request.id, ok: false, message: error.message, stage: 'create', code: 'ranker-invalid' } satisfies SandboxResponse);
        return;
      }
      const { stage, thrown } = error instanceof StageFailure ? error : new StageFailure(request.op === 'describe' ? 'load' : request.op, error);
      const untrusted = isLoadoutError(thrown) && thrown.code === 'config-untrusted';
      parentPort!.postMessage({ id: request.id, ok: false, message: describeThrown(thrown), stage, ...(untrusted ? { code: 'config-untrusted' } : {}) } satisfies SandboxResponse);
    },
  );
});
