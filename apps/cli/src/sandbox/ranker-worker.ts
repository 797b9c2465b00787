// The worker thread of a sandboxed ranker (see sandboxed-ranker.ts): it
// imports the plug-in's module, and answers one operation at a time.
// Nothing here is trusted by the main thread: every answer is checked there.
import './stdout-to-stderr.js';
import { parentPort, workerData } from 'node:worker_threads';
import type { CatalogTool, Ranker, RankerDefinition, RankerUsageField } from '@loadout/core';
import { validateRankerDefinition } from '@loadout/core/plugins';
import { importDefault } from '../config/import-config-module.js';
import type { SandboxRequest, SandboxUsage, WorkerData } from './sandbox-protocol.js';

const { file, name, options } = workerData as WorkerData;
let definition: RankerDefinition | undefined;
let ranker: Ranker | undefined;

async function load(): Promise<RankerDefinition> {
  if (definition === undefined) {
    const value = await importDefault(file);
    validateRankerDefinition(value, 'its default export');
    if (value.name !== name) throw new Error(`${file} defines the ranker ${JSON.stringify(value.name)}, not ${JSON.stringify(name)}`);
    definition = value;
  }
  return definition;
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
  const loaded = await load();
  switch (request.op) {
    case 'describe':
      return { queryKind: loaded.queryKind, usage: loaded.capabilities?.usage !== undefined, learns: loaded.capabilities?.usage?.learns ?? [] };
    case 'index': {
      const usage = request.usage;
      const withUsage = loaded.capabilities?.usage;
      const created = usage !== undefined && withUsage !== undefined ? withUsage.withUsage(options as never, usageField(usage)) : options;
      ranker = await loaded.create(created as never);
      await ranker.index(request.tools);
      return ranker.size;
    }
    case 'add':
      await ranker!.add(request.tools);
      return ranker!.size;
    case 'remove':
      await ranker!.remove(request.names);
      return ranker!.size;
    case 'search': {
      const allowed = request.allowed === undefined ? undefined : new Set(request.allowed);
      const hits = await ranker!.search(request.query, allowed === undefined ? request.options : { ...request.options, filter: (tool) => allowed.has(tool.displayName) });
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
    (error: unknown) => parentPort!.postMessage({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) }),
  );
});
