import { createLoadoutError, describeValue } from '@loadout/core';
import type { ToolSearchAdapterDefinition } from '@loadout/core/adapter';
import { isRecord } from '@loadout/core/utils';
import { ADAPTER_ENTRY, adapterPackages } from './adapter-packages.js';

/** Whether an export of an adapter entry is a version 1 `ToolSearchAdapterDefinition`. */
export function isAdapterDefinition(value: unknown): value is ToolSearchAdapterDefinition {
  return (
    isRecord(value) &&
    value['specificationVersion'] === 'v1' &&
    typeof value['name'] === 'string' &&
    typeof value['package'] === 'string' &&
    typeof value['searchTool'] === 'string' &&
    typeof value['loadedBy'] === 'string' &&
    typeof value['create'] === 'function'
  );
}

/** The definitions one package's adapter entry exports; `plugin-load-failed` when it does not import. */
async function packageDefinitions(name: string): Promise<ToolSearchAdapterDefinition[]> {
  const specifier = `${name}${ADAPTER_ENTRY.slice(1)}`;
  let entry: Record<string, unknown>;
  try {
    entry = (await import(specifier)) as Record<string, unknown>;
  } catch (error) {
    throw createLoadoutError('plugin-load-failed', `the adapter entry ${specifier} did not load: ${error instanceof Error ? error.message : describeValue(error)}`, { package: name }, { cause: error });
  }
  return Object.values(entry).filter(isAdapterDefinition);
}

let loading: Promise<readonly ToolSearchAdapterDefinition[]> | undefined;

/**
 * Every Loadout adapter the CLI has, sorted by name: the definitions the
 * adapter entries of its dependencies export ({@link adapterPackages}). The
 * CLI's package.json dependencies are the one list outside the adapters'
 * packages that names them; `loadout plan --adapter` and
 * `tooling/adapter-parity` iterate this. Loaded once, on first use (plain
 * `loadout plan` loads no adapter). Two definitions under one name:
 * `plugin-duplicate`.
 */
export function loadAdapterList(): Promise<readonly ToolSearchAdapterDefinition[]> {
  loading ??= (async () => {
    const definitions = (await Promise.all(adapterPackages().map(packageDefinitions))).flat();
    const seen = new Map<string, string>();
    for (const definition of definitions) {
      const earlier = seen.get(definition.name);
      if (earlier !== undefined) throw createLoadoutError('plugin-duplicate', `two adapters are named ${JSON.stringify(definition.name)}: ${earlier} and ${definition.package}`, { name: definition.name });
      seen.set(definition.name, definition.package);
    }
    return definitions.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  })();
  return loading;
}
