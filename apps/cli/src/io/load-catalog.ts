import { createCatalog, parseCatalogText, type Catalog, type ServerSettings, type ToolInput } from '@loadout/core';
import { demoCatalogInput } from '@loadout/demo-catalog';
import { readTextFile } from './read-text-file.js';

/** A catalog as read by a command, with where it came from. */
export interface LoadedCatalog {
  readonly source: string;
  readonly tools: ToolInput[];
  readonly servers: Record<string, ServerSettings>;
  readonly catalog: Catalog;
}

/** Options for {@link loadCatalog}. */
export interface LoadCatalogOptions {
  /** Fail on the first bad tool instead of skipping it. Default false. */
  readonly strict?: boolean;
  /** Tool limit. Default 10,000 (the spec's limit). */
  readonly maxTools?: number;
}

/**
 * Reads a catalog file (JSON, JSONL or an MCP snapshot), or the embedded demo
 * catalog when `path` is undefined.
 */
export async function loadCatalog(path: string | undefined, cwd: string, options: LoadCatalogOptions = {}): Promise<LoadedCatalog> {
  const source = path ?? 'demo catalog';
  const { tools, servers } =
    path === undefined
      ? { tools: [...demoCatalogInput.tools], servers: { ...demoCatalogInput.servers } }
      : parseCatalogText(await readTextFile(path, cwd), { source: path });
  const catalog = createCatalog(tools, { servers, source, strict: options.strict ?? false, maxTools: options.maxTools });
  return { source, tools, servers, catalog };
}
