import type { CatalogTool } from './tool.js';
import type { LoadoutErrorCode } from '../errors/error-codes.js';

/** Server-level settings from an `mcpServers` entry that tool search reads. */
export interface ServerSettings {
  /** Every tool of this server is loaded upfront and not counted by `auto`. Default: false. */
  readonly alwaysLoad?: boolean;
}

/** A problem found in one tool of a catalog; the tool was skipped (or, in strict mode, thrown). */
export interface CatalogIssue {
  readonly code: LoadoutErrorCode;
  readonly message: string;
  /** Position of the offending tool in its source (0-based), when known. */
  readonly index?: number;
  /** The offending tool's name, when it has one. */
  readonly name?: string;
  /** Where it came from: a file path, a server name. */
  readonly source?: string;
}

/** A validated, immutable set of tools with lookups by every name form. */
export interface Catalog {
  readonly tools: readonly CatalogTool[];
  readonly servers: Readonly<Record<string, ServerSettings>>;
  /** Tools that were reported and skipped. Empty in strict mode (it throws instead). */
  readonly issues: readonly CatalogIssue[];
  readonly byDisplayName: ReadonlyMap<string, CatalogTool>;
  readonly byApiName: ReadonlyMap<string, CatalogTool>;
}
