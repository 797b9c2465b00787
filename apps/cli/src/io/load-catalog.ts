import { open } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createCatalog, createLoadoutError, isLoadoutError, parseCatalogText, type Catalog, type CatalogIssue, type ServerSettings, type ToolInput } from '@loadout/core';
import { demoCatalogInput } from '@loadout/demo-catalog';
import { readTextFile } from '@loadout/eval/files';
import { checkFileFlag } from './check-file-flag.js';

/** A catalog as read by a command, with where it came from. */
export interface LoadedCatalog {
  readonly source: string;
  /** True for the embedded demo catalog (no file was read). */
  readonly embedded: boolean;
  readonly tools: ToolInput[];
  readonly servers: Record<string, ServerSettings>;
  readonly catalog: Catalog;
  /** Everything skipped while reading and validating: listings and tools, each with a code. */
  readonly issues: readonly CatalogIssue[];
}

/** Options for {@link loadCatalog}. */
export interface LoadCatalogOptions {
  /** Fail on the first bad tool instead of skipping it. Default false. */
  readonly strict?: boolean;
  /** Tool limit. Default 10,000 (the spec's limit). */
  readonly maxTools?: number;
}

/**
 * Rethrows `error`; a binary file that is an index `loadout index` wrote says so (`file-not-text`), naming what to give instead,
 * and a file over the reader's byte limit (`/dev/zero` included) is `catalog-too-large`, as a catalog over --max-tools is.
 */
async function explainReadFailure(error: unknown, path: string, cwd: string): Promise<never> {
  if (isLoadoutError(error) && error.code === 'file-too-large') throw createLoadoutError('catalog-too-large', `catalog ${error.message}`, error.details);
  if (!isLoadoutError(error) || error.code !== 'file-not-text') throw error;
  const { isPrebuiltIndex } = await import('@loadout/browser/prebuilt-index');
  const head = new Uint8Array(64);
  await open(resolve(cwd, path), 'r').then((file) => file.read(head, 0, 64, 0).finally(() => file.close()), () => undefined);
  if (!isPrebuiltIndex(head)) throw error;
  throw createLoadoutError('file-not-text', `${path} is an index (what loadout index writes, for a browser page), not a catalog: name the catalog it was built from`, { path });
}

/**
 * Reads a catalog file (JSON, JSONL or an MCP snapshot), or the embedded demo
 * catalog when `path` is undefined. A file with no tools at all (empty,
 * `/dev/null`, `[]`) is `catalog-empty`; a URL is `invalid-option`, masked.
 */
export async function loadCatalog(path: string | undefined, cwd: string, options: LoadCatalogOptions = {}): Promise<LoadedCatalog> {
  // Read as a path, a URL would be "no such file" with its password shown: every command's --catalog is refused so, masked.
  checkFileFlag(path, 'catalog', 'give a catalog file (loadout catalog pull writes one from live servers)');
  const source = path ?? 'demo catalog';
  const parsed =
    path === undefined
      ? { tools: [...demoCatalogInput.tools], servers: { ...demoCatalogInput.servers }, issues: [] }
      : parseCatalogText(await readTextFile(path, { cwd }).catch((error: unknown) => explainReadFailure(error, path, cwd)), { source: path });
  if (path !== undefined && parsed.tools.length === 0) {
    throw createLoadoutError('catalog-empty', `${path} holds no tools (expected a JSON array of tools, JSONL, or an MCP snapshot)`, { path });
  }
  const { tools, servers } = parsed;
  let catalog: Catalog;
  try {
    catalog = createCatalog(tools, { servers, source, strict: options.strict ?? false, maxTools: options.maxTools });
  } catch (error) {
    if (isLoadoutError(error) && error.code === 'catalog-too-large') {
      throw createLoadoutError(error.code, `${error.message}; pass --max-tools N to accept more`, { ...error.details });
    }
    throw error;
  }
  return { source, embedded: path === undefined, tools, servers, catalog, issues: [...parsed.issues, ...catalog.issues] };
}
